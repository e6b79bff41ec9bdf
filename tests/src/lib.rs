//! Cross-crate tests of Ishi live in `tests/tests/`: the rules, the computer players and the
//! records checked together. This library is empty on purpose; it only gives the test files a
//! package to belong to.
