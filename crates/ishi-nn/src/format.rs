//! Ishi's own network file (`.ishinn`): the folded network, its weight matrices in half
//! precision.
//!
//! **Layout** (little-endian): the magic `ISHINN`, the format version (`u16`), the precision
//! (`u8`: 0 `f32`, 1 `f16`, 2 `int8`), the name (`u8` length, ASCII), the architecture (`u16`s:
//! trunk channels, initial kernel, block count, then per block its kind, 0 ordinary or 1
//! global pooling, and its middle channels, plus the pooled channels for the second kind;
//! then the policy head's `p1` and `g1` channels and the value head's `v1` and `v2`
//! channels), the tensors in [`Network::visit`]'s order, and an FNV-1a 64 checksum of every
//! byte before it. A weight matrix is stored as its values in the file's precision (for
//! `int8`, each row first has its `f32` scale, the row's largest magnitude over 127);
//! biases and norms are always `f32`. The reader rebuilds every layer's shape from the
//! architecture, so each tensor's length is known before it is read, and then checks the
//! network as [`Network::from_katago`] does.
//!
//! **Precision.** Half precision is what Ishi ships (`data/g170-b6c96.ishinn`), measured
//! with `cargo run --release -p ishi-nn --example accuracy -- SRC.bin.gz` on the 142
//! reference positions of `tests/data` against KataGo's own outputs:
//!
//! | precision | bytes | gzip -9 | mean policy KL | max win rate | max lead | mean ownership | top move differs |
//! |---|---|---|---|---|---|---|---|
//! | `f32` | 4,112,375 | 3,830,445 | 0.00000 | 0.00000 | 0.000 | 0.00000 | never |
//! | `f16` | 2,060,407 | 1,918,765 | 0.00000 | 0.00116 | 0.017 | 0.00008 | never |
//! | `int8` | 1,041,119 | 863,210 | 0.00268 | 0.02569 | 1.317 | 0.00769 | 15 of 142 |
//!
//! `f16` is indistinguishable from the original within every threshold Ishi holds the port to
//! (same top move everywhere, mean KL at most 0.005, win rate within 1 point, lead within 0.3,
//! ownership within 0.02) and fits the 2.2 MB budget gzipped; `int8` with a scale per output
//! channel halves the download again but moves the win rate by up to 2.6 points and the lead by
//! up to 1.3, and changes the top move on 15 positions, so it fails the thresholds. Inference
//! always runs in `f32`: the reader widens the weights once.

use crate::f16::{from_f16, to_f16};
use crate::network::{
    Affine, Block, Conv, Dense, Network, Ordinary, PolicyHead, Pooled, Tensor, ValueHead,
};
use crate::{GLOBAL_FEATURES, ReadError, SPATIAL_FEATURES};

const MAGIC: &[u8; 6] = b"ISHINN";
/// The format version this code writes and reads.
const FORMAT_VERSION: u16 = 1;
/// The longest network name the format holds.
pub(crate) const MAX_NAME: usize = 255;

/// How Ishi's network file stores weight matrices.
#[derive(Copy, Clone, PartialEq, Eq, Debug)]
pub enum Precision {
    /// 32-bit floats: exactly the network read.
    F32,
    /// Half precision: what Ishi ships.
    F16,
    /// 8-bit integers with an `f32` scale per output channel.
    Int8,
}

impl Precision {
    fn code(self) -> u8 {
        match self {
            Precision::F32 => 0,
            Precision::F16 => 1,
            Precision::Int8 => 2,
        }
    }

    fn from_code(code: u8) -> Option<Precision> {
        [Precision::F32, Precision::F16, Precision::Int8]
            .into_iter()
            .find(|p| p.code() == code)
    }
}

/// FNV-1a, 64 bits.
fn checksum(bytes: &[u8]) -> u64 {
    bytes.iter().fold(0xcbf2_9ce4_8422_2325, |h, &b| {
        (h ^ u64::from(b)).wrapping_mul(0x0000_0100_0000_01b3)
    })
}

fn put_u16(out: &mut Vec<u8>, n: usize) {
    // Every count written is checked below u16::MAX by `Network::check`'s reader limits.
    out.extend_from_slice(&(n.min(usize::from(u16::MAX)) as u16).to_le_bytes());
}

impl Network {
    /// This network in Ishi's format, its weight matrices stored at `precision`.
    ///
    /// The bytes depend only on the network and the precision, so converting the same
    /// KataGo file twice gives the same file.
    pub fn to_bytes(&self, precision: Precision) -> Vec<u8> {
        let mut out = Vec::with_capacity(self.parameters() * 4 + 256);
        out.extend_from_slice(MAGIC);
        out.extend_from_slice(&FORMAT_VERSION.to_le_bytes());
        out.push(precision.code());
        let name = &self.name.as_bytes()[..self.name.len().min(MAX_NAME)];
        out.push(name.len() as u8);
        out.extend_from_slice(name);
        put_u16(&mut out, self.trunk_channels());
        put_u16(&mut out, self.initial_conv.size);
        put_u16(&mut out, self.blocks.len());
        for block in &self.blocks {
            match block {
                Block::Ordinary(b) => {
                    put_u16(&mut out, 0);
                    put_u16(&mut out, b.first.outputs);
                }
                Block::Pooled(b) => {
                    put_u16(&mut out, 1);
                    put_u16(&mut out, b.regular.outputs);
                    put_u16(&mut out, b.pooled.outputs);
                }
            }
        }
        for n in [
            self.policy.p1.outputs,
            self.policy.g1.outputs,
            self.value.v1.outputs,
            self.value.v2.outputs,
        ] {
            put_u16(&mut out, n);
        }
        self.visit(&mut |tensor| match tensor {
            Tensor::Vector(values) => {
                values
                    .iter()
                    .for_each(|x| out.extend_from_slice(&x.to_le_bytes()));
            }
            Tensor::Weights(rows, values) => write_matrix(&mut out, precision, rows, values),
        });
        let sum = checksum(&out);
        out.extend_from_slice(&sum.to_le_bytes());
        out
    }

    /// Reads a network in Ishi's format (as [`to_bytes`](Network::to_bytes) writes it).
    ///
    /// # Errors
    ///
    /// [`ReadError::Magic`] when the bytes are not Ishi's network format,
    /// [`ReadError::Version`] for another version of it, [`ReadError::Checksum`] when they
    /// were changed or cut, [`ReadError::Malformed`] or [`ReadError::Shape`] for an
    /// architecture that cannot be, and [`ReadError::NotFinite`] for a NaN or infinite
    /// weight; in a WebAssembly build with `js-kernel`, [`ReadError::Kernel`] when the
    /// network module cannot take it.
    pub fn from_bytes(bytes: &[u8]) -> Result<Network, ReadError> {
        let network = Network::read(bytes)?;
        #[cfg(all(target_arch = "wasm32", feature = "js-kernel"))]
        let network = crate::kernel::load(network, bytes)?;
        Ok(network)
    }

    /// [`from_bytes`](Network::from_bytes) on this side of the boundary.
    fn read(bytes: &[u8]) -> Result<Network, ReadError> {
        if bytes.len() < MAGIC.len() || &bytes[..MAGIC.len()] != MAGIC {
            return Err(ReadError::Magic);
        }
        let (body, sum) = bytes.split_at(bytes.len().saturating_sub(8).max(MAGIC.len()));
        let mut r = Cursor {
            bytes: body,
            at: MAGIC.len(),
        };
        let version = r.u16()?;
        if version != FORMAT_VERSION {
            return Err(ReadError::Version(i64::from(version)));
        }
        let stored: [u8; 8] = sum.try_into().map_err(|_| ReadError::Truncated)?;
        if checksum(body) != u64::from_le_bytes(stored) {
            return Err(ReadError::Checksum);
        }
        let offset = r.at;
        let precision = Precision::from_code(r.u8()?).ok_or(ReadError::Malformed {
            offset,
            expected: "a precision code",
        })?;
        let name_len = usize::from(r.u8()?);
        let offset = r.at;
        let name = std::str::from_utf8(r.take(name_len)?)
            .ok()
            .filter(|n| n.bytes().all(|b| b.is_ascii_graphic()))
            .ok_or(ReadError::Malformed {
                offset,
                expected: "an ASCII name",
            })?
            .to_owned();
        let channels = r.count()?;
        let kernel = r.count()?;
        let blocks = r.count()?;
        let mut layers = r.layers(precision);
        let mut shapes = Vec::with_capacity(blocks);
        for _ in 0..blocks {
            let offset = layers.r.at;
            shapes.push(match layers.r.u16()? {
                0 => (layers.r.count()?, None),
                1 => (layers.r.count()?, Some(layers.r.count()?)),
                _ => {
                    return Err(ReadError::Malformed {
                        offset,
                        expected: "a block kind",
                    });
                }
            });
        }
        let (p1, g1, v1, v2) = (
            layers.r.count()?,
            layers.r.count()?,
            layers.r.count()?,
            layers.r.count()?,
        );
        let initial_conv = layers.conv(kernel, SPATIAL_FEATURES, channels, false)?;
        let initial_global = layers.dense(GLOBAL_FEATURES, channels, false)?;
        let mut trunk = Vec::with_capacity(blocks);
        for (mid, pooled) in shapes {
            let pre = layers.affine(channels)?;
            trunk.push(match pooled {
                None => Block::Ordinary(Ordinary {
                    pre,
                    first: layers.conv(3, channels, mid, true)?,
                    last: layers.conv(3, mid, channels, false)?,
                }),
                Some(pooled) => Block::Pooled(Pooled {
                    pre,
                    regular: layers.conv(3, channels, mid, true)?,
                    pooled: layers.conv(3, channels, pooled, true)?,
                    to_bias: layers.dense(3 * pooled, mid, false)?,
                    last: layers.conv(3, mid, channels, false)?,
                }),
            });
        }
        let tip = layers.affine(channels)?;
        let policy = PolicyHead {
            p1: layers.conv(1, channels, p1, true)?,
            g1: layers.conv(1, channels, g1, true)?,
            to_bias: layers.dense(3 * g1, p1, false)?,
            p2: layers.conv(1, p1, 1, false)?,
            pass: layers.dense(3 * g1, 1, false)?,
        };
        let value = ValueHead {
            v1: layers.conv(1, channels, v1, true)?,
            v2: layers.dense(3 * v1, v2, true)?,
            v3: layers.dense(v2, 3, true)?,
            score: layers.dense(v2, crate::network::SCORE_OUTPUTS, true)?,
            ownership: layers.conv(1, v1, 1, false)?,
        };
        if layers.r.at != body.len() {
            return Err(ReadError::Malformed {
                offset: layers.r.at,
                expected: "the checksum after the last layer",
            });
        }
        Network::assemble(
            name,
            (initial_conv, initial_global),
            trunk,
            tip,
            (policy, value),
        )
    }
}

/// Appends a weight matrix of `rows` rows at `precision`.
fn write_matrix(out: &mut Vec<u8>, precision: Precision, rows: usize, values: &[f32]) {
    match precision {
        Precision::F32 => values
            .iter()
            .for_each(|x| out.extend_from_slice(&x.to_le_bytes())),
        Precision::F16 => values
            .iter()
            .for_each(|&x| out.extend_from_slice(&to_f16(x).to_le_bytes())),
        Precision::Int8 => {
            for row in values.chunks(values.len() / rows.max(1)) {
                let largest = row.iter().fold(0.0f32, |m, x| m.max(x.abs()));
                let scale = largest / 127.0;
                out.extend_from_slice(&scale.to_le_bytes());
                for &x in row {
                    let q = if scale > 0.0 {
                        (x / scale).round()
                    } else {
                        0.0
                    };
                    out.push(q.clamp(-127.0, 127.0) as i8 as u8);
                }
            }
        }
    }
}

/// A cursor over the file's bytes.
struct Cursor<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Cursor<'a> {
    fn take(&mut self, n: usize) -> Result<&'a [u8], ReadError> {
        let end = self.at.checked_add(n).ok_or(ReadError::Truncated)?;
        let bytes = self.bytes.get(self.at..end).ok_or(ReadError::Truncated)?;
        self.at = end;
        Ok(bytes)
    }

    fn u8(&mut self) -> Result<u8, ReadError> {
        Ok(self.take(1)?[0])
    }

    fn u16(&mut self) -> Result<u16, ReadError> {
        let b = self.take(2)?;
        Ok(u16::from_le_bytes([b[0], b[1]]))
    }

    fn f32(&mut self) -> Result<f32, ReadError> {
        let b = self.take(4)?;
        Ok(f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
    }

    /// A positive `u16` count.
    fn count(&mut self) -> Result<usize, ReadError> {
        let offset = self.at;
        match self.u16()? {
            0 => Err(ReadError::Malformed {
                offset,
                expected: "a positive count",
            }),
            n => Ok(usize::from(n)),
        }
    }

    fn layers(&mut self, precision: Precision) -> Layers<'_, 'a> {
        Layers { r: self, precision }
    }
}

/// Reads layers of known shapes.
struct Layers<'c, 'a> {
    r: &'c mut Cursor<'a>,
    precision: Precision,
}

impl Layers<'_, '_> {
    fn vector(&mut self, n: usize) -> Result<Vec<f32>, ReadError> {
        // Check the length first, so a corrupt count cannot allocate more than the file holds.
        if self.r.bytes.len() - self.r.at < n.saturating_mul(4) {
            return Err(ReadError::Truncated);
        }
        (0..n).map(|_| self.r.f32()).collect()
    }

    fn matrix(&mut self, rows: usize, columns: usize) -> Result<Vec<f32>, ReadError> {
        let n = rows.saturating_mul(columns);
        // As for vectors: the bytes must be there before anything is allocated.
        let per_value = match self.precision {
            Precision::F32 => 4,
            Precision::F16 => 2,
            Precision::Int8 => 1,
        };
        if self.r.bytes.len() - self.r.at < n.saturating_mul(per_value) {
            return Err(ReadError::Truncated);
        }
        match self.precision {
            Precision::F32 => (0..n).map(|_| self.r.f32()).collect(),
            Precision::F16 => (0..n).map(|_| self.r.u16().map(from_f16)).collect(),
            Precision::Int8 => {
                let mut values = Vec::with_capacity(n);
                for _ in 0..rows {
                    let scale = self.r.f32()?;
                    for &q in self.r.take(columns)? {
                        values.push(f32::from(q as i8) * scale);
                    }
                }
                Ok(values)
            }
        }
    }

    fn conv(
        &mut self,
        size: usize,
        inputs: usize,
        outputs: usize,
        bias: bool,
    ) -> Result<Conv, ReadError> {
        let weights = self.matrix(outputs, inputs * size * size)?;
        let bias = if bias {
            Some(self.vector(outputs)?)
        } else {
            None
        };
        Ok(Conv {
            size,
            inputs,
            outputs,
            weights,
            bias,
        })
    }

    fn dense(&mut self, inputs: usize, outputs: usize, bias: bool) -> Result<Dense, ReadError> {
        let weights = self.matrix(outputs, inputs)?;
        let bias = if bias {
            Some(self.vector(outputs)?)
        } else {
            None
        };
        Ok(Dense {
            inputs,
            outputs,
            weights,
            bias,
        })
    }

    fn affine(&mut self, channels: usize) -> Result<Affine, ReadError> {
        Ok(Affine {
            scale: self.vector(channels)?,
            bias: self.vector(channels)?,
        })
    }
}
