//! Cross-crate tests of Ishi live in `tests/tests/`: the computer players' moves checked by the
//! rules, and the Go rules checked against GNU Go. This library is empty on purpose; it only
//! gives the test files a package to belong to.
