//! KataGo's binary model file (`.bin`, model version 8), read into a [`Network`].
//!
//! The file is text tokens separated by white space (names, sizes, flags) with the weights
//! of each layer in between as a block: `@BIN@` and then little-endian `f32`s, as many as the
//! layer's sizes say. The layers come in a fixed order (the trunk: an initial convolution and
//! matrix product, residual blocks each announced by its kind, a final norm; then the policy
//! and value heads), so the reader walks that order and checks each shape as it goes.
//!
//! The `.bin.gz` that KataGo publishes is this file gzipped: this crate reads the
//! uncompressed bytes and leaves decompression to its caller (the converter example uses
//! `flate2`), so the library itself needs no inflater.

use crate::ReadError;
use crate::network::{
    Affine, Block, Conv, Dense, Network, Ordinary, PolicyHead, Pooled, ValueHead,
};

/// The one model version read here.
const MODEL_VERSION: i64 = 8;
/// Limits on sizes read from the file, so a corrupt count cannot ask for absurd memory.
const MAX_CHANNELS: usize = 4096;
const MAX_KERNEL: usize = 9;
const MAX_BLOCKS: usize = 256;

/// A cursor over the file's bytes.
struct Reader<'a> {
    bytes: &'a [u8],
    at: usize,
}

impl<'a> Reader<'a> {
    fn skip_space(&mut self) {
        while self.bytes.get(self.at).is_some_and(u8::is_ascii_whitespace) {
            self.at += 1;
        }
    }

    /// The next white-space separated token.
    fn token(&mut self) -> Result<&'a str, ReadError> {
        self.skip_space();
        let start = self.at;
        while self
            .bytes
            .get(self.at)
            .is_some_and(|b| !b.is_ascii_whitespace())
        {
            self.at += 1;
        }
        if start == self.at {
            return Err(ReadError::Truncated);
        }
        std::str::from_utf8(&self.bytes[start..self.at]).map_err(|_| ReadError::Malformed {
            offset: start,
            expected: "a text token",
        })
    }

    /// A token that must be an integer.
    fn int(&mut self, what: &'static str) -> Result<i64, ReadError> {
        let offset = self.peek_offset();
        self.token()?.parse().map_err(|_| ReadError::Malformed {
            offset,
            expected: what,
        })
    }

    /// A token that must be a count in `1..=max`.
    fn count(&mut self, what: &'static str, max: usize) -> Result<usize, ReadError> {
        let offset = self.peek_offset();
        let n = self.int(what)?;
        usize::try_from(n)
            .ok()
            .filter(|&n| (1..=max).contains(&n))
            .ok_or(ReadError::Malformed {
                offset,
                expected: what,
            })
    }

    /// A token that must be `0` or `1`.
    fn flag(&mut self, what: &'static str) -> Result<bool, ReadError> {
        let offset = self.peek_offset();
        match self.int(what)? {
            0 => Ok(false),
            1 => Ok(true),
            _ => Err(ReadError::Malformed {
                offset,
                expected: what,
            }),
        }
    }

    /// A token that must be a finite positive number.
    fn positive(&mut self, what: &'static str) -> Result<f32, ReadError> {
        let offset = self.peek_offset();
        self.token()?
            .parse::<f32>()
            .ok()
            .filter(|x| x.is_finite() && *x > 0.0)
            .ok_or(ReadError::Malformed {
                offset,
                expected: what,
            })
    }

    /// Where the next token starts.
    fn peek_offset(&mut self) -> usize {
        self.skip_space();
        self.at
    }

    /// A block of `n` floats: `@BIN@` after at most a little white space, then the values.
    fn floats(&mut self, n: usize, layer: &str) -> Result<Vec<f32>, ReadError> {
        self.skip_space();
        let offset = self.at;
        let marker = b"@BIN@";
        let rest = &self.bytes[self.at..];
        if rest.len() < marker.len() {
            return Err(ReadError::Truncated);
        }
        if !rest.starts_with(marker) {
            return Err(ReadError::Malformed {
                offset,
                expected: "@BIN@ and a block of weights",
            });
        }
        self.at += marker.len();
        let len = n.checked_mul(4).ok_or(ReadError::Truncated)?;
        let data = self
            .bytes
            .get(self.at..)
            .and_then(|rest| rest.get(..len))
            .ok_or(ReadError::Truncated)?;
        self.at += len;
        let values: Vec<f32> = data
            .chunks_exact(4)
            .map(|b| f32::from_le_bytes([b[0], b[1], b[2], b[3]]))
            .collect();
        if values.iter().all(|x| x.is_finite()) {
            Ok(values)
        } else {
            Err(ReadError::NotFinite(layer.to_owned()))
        }
    }

    /// A convolution, its weights reordered from the file's `[y][x][in][out]` to
    /// `[out][in][y][x]`.
    fn conv(&mut self) -> Result<Conv, ReadError> {
        let name = self.token()?;
        let ky = self.count("a kernel height", MAX_KERNEL)?;
        let kx = self.count("a kernel width", MAX_KERNEL)?;
        let inputs = self.count("input channels", MAX_CHANNELS)?;
        let outputs = self.count("output channels", MAX_CHANNELS)?;
        let dy = self.count("a dilation", MAX_KERNEL)?;
        let dx = self.count("a dilation", MAX_KERNEL)?;
        if ky != kx || ky % 2 == 0 || dy != 1 || dx != 1 {
            return Err(ReadError::Shape(name.to_owned()));
        }
        let file = self.floats(ky * kx * inputs * outputs, name)?;
        let mut weights = vec![0.0; file.len()];
        let mut values = file.iter();
        for y in 0..ky {
            for x in 0..kx {
                for i in 0..inputs {
                    for o in 0..outputs {
                        if let Some(&w) = values.next() {
                            weights[((o * inputs + i) * ky + y) * kx + x] = w;
                        }
                    }
                }
            }
        }
        Ok(Conv {
            size: ky,
            inputs,
            outputs,
            weights,
            bias: None,
        })
    }

    /// A batch norm, merged into a scale and a bias per channel as KataGo merges it.
    fn norm(&mut self) -> Result<(String, Affine), ReadError> {
        let name = self.token()?;
        let channels = self.count("norm channels", MAX_CHANNELS)?;
        let epsilon = self.positive("a positive epsilon")?;
        let has_scale = self.flag("a scale flag")?;
        let has_bias = self.flag("a bias flag")?;
        let mean = self.floats(channels, name)?;
        let variance = self.floats(channels, name)?;
        let scale = if has_scale {
            self.floats(channels, name)?
        } else {
            vec![1.0; channels]
        };
        let bias = if has_bias {
            self.floats(channels, name)?
        } else {
            vec![0.0; channels]
        };
        let merged: Vec<f32> = (0..channels)
            .map(|c| scale[c] / (variance[c] + epsilon).sqrt())
            .collect();
        let bias = (0..channels)
            .map(|c| bias[c] - merged[c] * mean[c])
            .collect();
        Ok((
            name.to_owned(),
            Affine {
                scale: merged,
                bias,
            },
        ))
    }

    /// An activation: model version 8 has only ReLUs, named but not described.
    fn activation(&mut self) -> Result<(), ReadError> {
        self.token().map(drop)
    }

    /// A matrix product, its weights reordered from the file's `[in][out]` to `[out][in]`.
    fn dense(&mut self) -> Result<Dense, ReadError> {
        let name = self.token()?;
        let inputs = self.count("input channels", MAX_CHANNELS)?;
        let outputs = self.count("output channels", MAX_CHANNELS)?;
        let file = self.floats(inputs * outputs, name)?;
        let mut weights = vec![0.0; file.len()];
        for (n, &w) in file.iter().enumerate() {
            weights[(n % outputs) * inputs + n / outputs] = w;
        }
        Ok(Dense {
            inputs,
            outputs,
            weights,
            bias: None,
        })
    }

    /// A bias for a matrix product.
    fn bias(&mut self, dense: &mut Dense) -> Result<(), ReadError> {
        let name = self.token()?;
        let channels = self.count("bias channels", MAX_CHANNELS)?;
        if channels != dense.outputs {
            return Err(ReadError::Shape(name.to_owned()));
        }
        dense.bias = Some(self.floats(channels, name)?);
        Ok(())
    }
}

/// Folds `norm` into the outputs of `conv` (and of `also`, a product added before the norm).
fn fold(
    conv: &mut Conv,
    also: Option<&mut Dense>,
    (name, norm): (String, Affine),
) -> Result<(), ReadError> {
    if norm.scale.len() != conv.outputs {
        return Err(ReadError::Shape(name));
    }
    let row = conv.weights.len() / conv.outputs;
    for (o, weights) in conv.weights.chunks_exact_mut(row).enumerate() {
        weights.iter_mut().for_each(|w| *w *= norm.scale[o]);
    }
    if let Some(dense) = also {
        if dense.outputs != conv.outputs {
            return Err(ReadError::Shape(name));
        }
        for (o, weights) in dense.weights.chunks_exact_mut(dense.inputs).enumerate() {
            weights.iter_mut().for_each(|w| *w *= norm.scale[o]);
        }
    }
    conv.bias = Some(norm.bias);
    Ok(())
}

/// The norm that stays a layer of its own: it must have `channels` channels.
fn standalone((name, norm): (String, Affine), channels: usize) -> Result<Affine, ReadError> {
    if norm.scale.len() == channels {
        Ok(norm)
    } else {
        Err(ReadError::Shape(name))
    }
}

impl Network {
    /// Reads KataGo's binary model file (uncompressed: gunzip a `.bin.gz` first), model
    /// version 8, folding its batch norms into the layers they follow.
    ///
    /// # Errors
    ///
    /// [`ReadError::Truncated`] when the data ends early, [`ReadError::Malformed`] where a
    /// token or a weight block is not what the format has there, [`ReadError::Version`] for
    /// another model version, [`ReadError::Shape`] for layers that do not fit together, and
    /// [`ReadError::NotFinite`] for a NaN or infinite weight.
    pub fn from_katago(bytes: &[u8]) -> Result<Network, ReadError> {
        let mut r = Reader { bytes, at: 0 };
        let offset = r.peek_offset();
        let name = r.token()?.to_owned();
        if name.len() > crate::format::MAX_NAME || !name.bytes().all(|b| b.is_ascii_graphic()) {
            return Err(ReadError::Malformed {
                offset,
                expected: "a network name",
            });
        }
        let version = r.int("a model version")?;
        if version != MODEL_VERSION {
            return Err(ReadError::Version(version));
        }
        let spatial = r.count("input planes", MAX_CHANNELS)?;
        let global = r.count("global inputs", MAX_CHANNELS)?;
        if spatial != crate::SPATIAL_FEATURES || global != crate::GLOBAL_FEATURES {
            return Err(ReadError::Shape("inputs".to_owned()));
        }
        r.token()?; // the trunk's name
        let blocks = r.count("a block count", MAX_BLOCKS)?;
        let channels = r.count("trunk channels", MAX_CHANNELS)?;
        for what in [
            "mid channels",
            "regular channels",
            "dilated channels",
            "pooled channels",
        ] {
            r.count(what, MAX_CHANNELS)?;
        }
        let initial_conv = r.conv()?;
        let initial_global = r.dense()?;
        let mut trunk = Vec::with_capacity(blocks);
        for _ in 0..blocks {
            let offset = r.peek_offset();
            let kind = r.token()?;
            r.token()?; // the block's name
            let pre = standalone(r.norm()?, channels)?;
            r.activation()?;
            let block = match kind {
                "ordinary_block" => {
                    let mut first = r.conv()?;
                    fold(&mut first, None, r.norm()?)?;
                    r.activation()?;
                    let last = r.conv()?;
                    Block::Ordinary(Ordinary { pre, first, last })
                }
                "gpool_block" => {
                    let mut regular = r.conv()?;
                    let mut pooled = r.conv()?;
                    fold(&mut pooled, None, r.norm()?)?;
                    r.activation()?;
                    let mut to_bias = r.dense()?;
                    fold(&mut regular, Some(&mut to_bias), r.norm()?)?;
                    r.activation()?;
                    let last = r.conv()?;
                    Block::Pooled(Pooled {
                        pre,
                        regular,
                        pooled,
                        to_bias,
                        last,
                    })
                }
                _ => {
                    return Err(ReadError::Malformed {
                        offset,
                        expected: "ordinary_block or gpool_block",
                    });
                }
            };
            trunk.push(block);
        }
        let tip = standalone(r.norm()?, channels)?;
        r.activation()?;

        r.token()?; // the policy head's name
        let mut p1 = r.conv()?;
        let mut g1 = r.conv()?;
        fold(&mut g1, None, r.norm()?)?;
        r.activation()?;
        let mut to_bias = r.dense()?;
        fold(&mut p1, Some(&mut to_bias), r.norm()?)?;
        r.activation()?;
        let p2 = r.conv()?;
        let pass = r.dense()?;
        let policy = PolicyHead {
            p1,
            g1,
            to_bias,
            p2,
            pass,
        };

        r.token()?; // the value head's name
        let mut v1 = r.conv()?;
        fold(&mut v1, None, r.norm()?)?;
        r.activation()?;
        let mut v2 = r.dense()?;
        r.bias(&mut v2)?;
        r.activation()?;
        let mut v3 = r.dense()?;
        r.bias(&mut v3)?;
        let mut score = r.dense()?;
        r.bias(&mut score)?;
        let ownership = r.conv()?;
        let value = ValueHead {
            v1,
            v2,
            v3,
            score,
            ownership,
        };

        Network::assemble(
            name,
            (initial_conv, initial_global),
            trunk,
            tip,
            (policy, value),
        )
    }
}
