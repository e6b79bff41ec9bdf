//! CPU time for the benchmarks of both crates (ishi-ai's include this file by path), so that
//! a busy machine does not count against the figures.

/// CPU time of this process in seconds, user and system; NaN if the system cannot say.
pub(crate) fn cpu_seconds() -> f64 {
    // SAFETY: `rusage` is plain data; all zeros is a valid value.
    let mut usage: libc::rusage = unsafe { std::mem::zeroed() };
    // SAFETY: `getrusage` writes one `rusage` through the valid pointer.
    if unsafe { libc::getrusage(libc::RUSAGE_SELF, &mut usage) } != 0 {
        return f64::NAN;
    }
    let seconds = |t: libc::timeval| t.tv_sec as f64 + t.tv_usec as f64 * 1e-6;
    seconds(usage.ru_utime) + seconds(usage.ru_stime)
}
