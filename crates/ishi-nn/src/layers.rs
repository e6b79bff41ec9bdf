//! The layers' arithmetic on activations laid out channel by channel: `[channel][image][y][x]`,
//! so that one matrix product covers every image of a batch.
//!
//! A convolution is `im2col` followed by one `sgemm` (from `matrixmultiply`, which has
//! kernels for AVX2/FMA and for WebAssembly's SIMD): the rows of the column matrix are the
//! input channels shifted by each kernel offset, zero outside the board, so the network runs
//! on exactly the board's points and needs no mask. A 1x1 convolution is the product alone.
//!
//! In a WebAssembly build with `js-kernel` the layers run in the network module instead
//! (the `kernel` module): this side keeps only [`Shape`].
#![cfg_attr(all(target_arch = "wasm32", feature = "js-kernel"), allow(dead_code))]

use crate::network::{Affine, Conv, Dense};

/// The shape of one batch: `images` boards of `size` x `size`.
#[derive(Copy, Clone, Debug, PartialEq, Eq)]
pub(crate) struct Shape {
    pub(crate) size: usize,
    pub(crate) images: usize,
}

impl Shape {
    /// Points per board.
    pub(crate) fn area(self) -> usize {
        self.size * self.size
    }

    /// Columns of an activation: every point of every image.
    pub(crate) fn columns(self) -> usize {
        self.area() * self.images
    }
}

/// `c = a * b` (or `c += a * b` when `accumulate`), `a` being `m x k`, `b` `k x n` and `c`
/// `m x n`, all row-major and dense.
///
/// # Panics
///
/// When a slice is shorter than its shape: the callers size their buffers from the network.
pub(crate) fn gemm(
    (m, k, n): (usize, usize, usize),
    a: &[f32],
    b: &[f32],
    c: &mut [f32],
    accumulate: bool,
) {
    assert!(a.len() >= m * k && b.len() >= k * n && c.len() >= m * n);
    let beta = if accumulate { 1.0 } else { 0.0 };
    // SAFETY: the assert above keeps every index that `sgemm` reads or writes, `row * stride +
    // column` within the row-major shapes given, inside the three slices; `c` is borrowed
    // mutably, so it overlaps neither `a` nor `b`.
    unsafe {
        matrixmultiply::sgemm(
            m,
            k,
            n,
            1.0,
            a.as_ptr(),
            k as isize,
            1,
            b.as_ptr(),
            n as isize,
            1,
            beta,
            c.as_mut_ptr(),
            n as isize,
            1,
        );
    }
}

/// `output = conv(input)` (or `+=` when `accumulate`), without the bias. `col` is scratch
/// space for the column matrix, grown as needed.
pub(crate) fn conv(
    layer: &Conv,
    shape: Shape,
    input: &[f32],
    output: &mut [f32],
    col: &mut Vec<f32>,
    accumulate: bool,
) {
    let n = shape.columns();
    let rows = layer.inputs * layer.size * layer.size;
    let b: &[f32] = if layer.size == 1 {
        input
    } else {
        im2col(layer, shape, input, col);
        col
    };
    gemm(
        (layer.outputs, rows, n),
        &layer.weights,
        b,
        &mut output[..layer.outputs * n],
        accumulate,
    );
}

/// Fills `col` with one row per (input channel, kernel row, kernel column): the channel
/// shifted by that offset, zero where the shift leaves the board.
fn im2col(layer: &Conv, shape: Shape, input: &[f32], col: &mut Vec<f32>) {
    let (s, k) = (shape.size, layer.size);
    let (area, n) = (shape.area(), shape.columns());
    let pad = k / 2;
    let rows = layer.inputs * k * k;
    if col.len() < rows * n {
        col.resize(rows * n, 0.0);
    }
    for c in 0..layer.inputs {
        let channel = &input[c * n..(c + 1) * n];
        for ky in 0..k {
            for kx in 0..k {
                let row = (c * k + ky) * k + kx;
                let out = &mut col[row * n..(row + 1) * n];
                // The source of output (y, x) is (y + dy, x + dx).
                let (dy, dx) = (ky as isize - pad as isize, kx as isize - pad as isize);
                let x0 = (-dx).max(0) as usize;
                let x1 = (s as isize - dx).min(s as isize).max(0) as usize;
                for image in 0..shape.images {
                    let src = &channel[image * area..(image + 1) * area];
                    let dst = &mut out[image * area..(image + 1) * area];
                    for y in 0..s {
                        let line = &mut dst[y * s..(y + 1) * s];
                        let sy = y as isize + dy;
                        if sy < 0 || sy >= s as isize || x0 >= x1 {
                            line.fill(0.0);
                            continue;
                        }
                        let from = sy as usize * s;
                        line[..x0].fill(0.0);
                        line[x1..].fill(0.0);
                        let sx0 = (x0 as isize + dx) as usize;
                        line[x0..x1].copy_from_slice(&src[from + sx0..from + sx0 + (x1 - x0)]);
                    }
                }
            }
        }
    }
}

/// `output = max(0, scale * input + bias)` per channel.
pub(crate) fn affine_relu(layer: &Affine, shape: Shape, input: &[f32], output: &mut [f32]) {
    let n = shape.columns();
    for (c, (&scale, &bias)) in layer.scale.iter().zip(&layer.bias).enumerate() {
        let (src, dst) = (&input[c * n..(c + 1) * n], &mut output[c * n..(c + 1) * n]);
        for (d, &x) in dst.iter_mut().zip(src) {
            *d = (scale * x + bias).max(0.0);
        }
    }
}

/// `x = max(0, x + bias[c] + extra[image][c])` for the first `channels` channels, `extra`
/// (one row of `channels` per image) being a pooled bias when there is one.
pub(crate) fn bias_relu(
    shape: Shape,
    channels: usize,
    bias: Option<&[f32]>,
    extra: Option<&[f32]>,
    x: &mut [f32],
) {
    let (area, n) = (shape.area(), shape.columns());
    for c in 0..channels {
        let base = bias.map_or(0.0, |b| b[c]);
        for image in 0..shape.images {
            let add = base + extra.map_or(0.0, |e| e[image * channels + c]);
            let start = c * n + image * area;
            for v in &mut x[start..start + area] {
                *v = (*v + add).max(0.0);
            }
        }
    }
}

/// `x += values[image][c]` for every point: the global inputs' contribution to the trunk.
pub(crate) fn add_per_image(shape: Shape, channels: usize, values: &[f32], x: &mut [f32]) {
    let (area, n) = (shape.area(), shape.columns());
    for c in 0..channels {
        for image in 0..shape.images {
            let add = values[image * channels + c];
            let start = c * n + image * area;
            x[start..start + area].iter_mut().for_each(|v| *v += add);
        }
    }
}

/// Global pooling as KataGo pools, into one row of `3 * channels` per image: the mean, the
/// mean times `(sqrt(area) - 14) / 10`, and then the maximum (after a ReLU, so never below
/// zero) or, for the value head, the mean times `(sqrt(area) - 14)^2 / 100 - 0.1`.
pub(crate) fn pool(shape: Shape, channels: usize, x: &[f32], value_head: bool, out: &mut [f32]) {
    let (area, n) = (shape.area(), shape.columns());
    let width = (area as f32).sqrt() - 14.0;
    for image in 0..shape.images {
        let row = &mut out[image * 3 * channels..(image + 1) * 3 * channels];
        for c in 0..channels {
            let start = c * n + image * area;
            let values = &x[start..start + area];
            let mean = values.iter().sum::<f32>() / area as f32;
            row[c] = mean;
            row[channels + c] = mean * width * 0.1;
            row[2 * channels + c] = if value_head {
                mean * (width * width * 0.01 - 0.1)
            } else {
                values.iter().fold(0.0f32, |m, &v| m.max(v))
            };
        }
    }
}

/// `out[image] = weights * input[image] (+ bias)`, one row per image, optionally ReLU'd.
pub(crate) fn dense(layer: &Dense, images: usize, input: &[f32], out: &mut [f32], relu: bool) {
    for image in 0..images {
        let x = &input[image * layer.inputs..(image + 1) * layer.inputs];
        let y = &mut out[image * layer.outputs..(image + 1) * layer.outputs];
        for (o, y) in y.iter_mut().enumerate() {
            let row = &layer.weights[o * layer.inputs..(o + 1) * layer.inputs];
            let mut sum = layer.bias.as_ref().map_or(0.0, |b| b[o]);
            sum += row.iter().zip(x).map(|(w, v)| w * v).sum::<f32>();
            *y = if relu { sum.max(0.0) } else { sum };
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A direct convolution, zero outside the board, for comparison.
    fn naive(layer: &Conv, shape: Shape, input: &[f32]) -> Vec<f32> {
        let (s, k, n) = (shape.size as isize, layer.size as isize, shape.columns());
        let mut out = vec![0.0; layer.outputs * n];
        for o in 0..layer.outputs {
            for image in 0..shape.images {
                for y in 0..s {
                    for x in 0..s {
                        let mut sum = 0.0;
                        for i in 0..layer.inputs {
                            for ky in 0..k {
                                for kx in 0..k {
                                    let (sy, sx) = (y + ky - k / 2, x + kx - k / 2);
                                    if sy < 0 || sx < 0 || sy >= s || sx >= s {
                                        continue;
                                    }
                                    let w = layer.weights[((o * layer.inputs + i) * layer.size
                                        + ky as usize)
                                        * layer.size
                                        + kx as usize];
                                    let at = i * n + image * shape.area() + (sy * s + sx) as usize;
                                    sum += w * input[at];
                                }
                            }
                        }
                        out[o * n + image * shape.area() + (y * s + x) as usize] = sum;
                    }
                }
            }
        }
        out
    }

    #[test]
    fn im2col_and_sgemm_compute_the_direct_convolution() {
        let mut seed = 7u32;
        let mut next = || {
            seed = seed.wrapping_mul(1_664_525).wrapping_add(1_013_904_223);
            (seed >> 8) as f32 / (1 << 24) as f32 - 0.5
        };
        for (size, kernel, images) in [(5, 3, 1), (6, 5, 3), (2, 3, 2), (7, 1, 2)] {
            let layer = Conv {
                size: kernel,
                inputs: 3,
                outputs: 4,
                weights: (0..4 * 3 * kernel * kernel).map(|_| next()).collect(),
                bias: None,
            };
            let shape = Shape { size, images };
            let input: Vec<f32> = (0..3 * shape.columns()).map(|_| next()).collect();
            let mut output = vec![0.0; 4 * shape.columns()];
            conv(&layer, shape, &input, &mut output, &mut Vec::new(), false);
            let expected = naive(&layer, shape, &input);
            for (a, b) in output.iter().zip(&expected) {
                assert!(
                    (a - b).abs() < 1e-5,
                    "{size}x{size}, kernel {kernel}: {a} against {b}"
                );
            }
        }
    }
}
