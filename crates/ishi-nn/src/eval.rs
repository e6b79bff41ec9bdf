//! The forward pass over a batch, and the [`Evaluator`] that owns its buffers.

use std::fmt;
use std::sync::Arc;

use crate::features::Features;
use crate::layers::Shape;
use crate::network::{Network, SCORE_OUTPUTS};
use crate::output::{Output, Raw};
use crate::symmetry::Symmetry;
use crate::{GLOBAL_FEATURES, SPATIAL_FEATURES};

/// Which of the board's 8 symmetries an [`Evaluator`] evaluates positions under.
#[derive(Copy, Clone, PartialEq, Eq, Debug, Default)]
pub enum Symmetries {
    /// The position as it is (KataGo's symmetry 0).
    #[default]
    Identity,
    /// One symmetry: the input is turned or mirrored, the outputs turned back.
    One(Symmetry),
    /// All 8, their outputs averaged: 8 times the work (as one batch of 8), a steadier
    /// answer.
    Average,
}

/// A batch that cannot be evaluated.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum EvalError {
    /// The positions of one batch must share a board size.
    MixedSizes {
        /// The first position's size.
        first: usize,
        /// The size of a later one.
        other: usize,
    },
    /// Input planes for `Evaluator::forward_planes` that do not fit its board size and
    /// number of images (or a board larger than 19x19).
    Planes,
}

impl fmt::Display for EvalError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            EvalError::MixedSizes { first, other } => write!(
                f,
                "a batch mixes board sizes {first} and {other}: evaluate each size apart"
            ),
            EvalError::Planes => f.write_str("the input planes do not fit the board and batch"),
        }
    }
}

impl std::error::Error for EvalError {}

/// Evaluates positions with a shared [`Network`], keeping its buffers between calls: after
/// the first evaluation of the largest batch and board, no call allocates.
///
/// One evaluator per thread; the network itself is shared.
#[derive(Clone, Debug)]
pub struct Evaluator {
    network: Arc<Network>,
    symmetries: Symmetries,
    scratch: Scratch,
}

/// The activations of one batch, channel by channel. (Where the network module runs the
/// layers, this side uses only the inputs and the heads.)
#[derive(Clone, Debug, Default)]
#[cfg_attr(all(target_arch = "wasm32", feature = "js-kernel"), allow(dead_code))]
pub(crate) struct Scratch {
    pub(crate) input: Vec<f32>,
    pub(crate) global: Vec<f32>,
    trunk: Vec<f32>,
    act: Vec<f32>,
    mid: Vec<f32>,
    pooled_act: Vec<f32>,
    col: Vec<f32>,
    pooled: Vec<f32>,
    small: Vec<f32>,
    hidden: Vec<f32>,
    pub(crate) policy: Vec<f32>,
    pub(crate) ownership: Vec<f32>,
    pub(crate) pass: Vec<f32>,
    pub(crate) value: Vec<f32>,
    pub(crate) score: Vec<f32>,
    raw: Vec<Raw>,
    /// The heads' outputs one after the other, as `Evaluator::forward_planes` returns them.
    heads: Vec<f32>,
}

/// Grows `v` to at least `n` values.
fn ensure(v: &mut Vec<f32>, n: usize) {
    if v.len() < n {
        v.resize(n, 0.0);
    }
}

impl Evaluator {
    /// An evaluator of `network`, under no symmetry.
    pub fn new(network: Arc<Network>) -> Evaluator {
        Evaluator {
            network,
            symmetries: Symmetries::Identity,
            scratch: Scratch::default(),
        }
    }

    /// The network evaluated.
    pub fn network(&self) -> &Arc<Network> {
        &self.network
    }

    /// Evaluates positions under `symmetries` from now on.
    pub fn set_symmetries(&mut self, symmetries: Symmetries) {
        self.symmetries = symmetries;
    }

    /// The symmetries positions are evaluated under.
    pub fn symmetries(&self) -> Symmetries {
        self.symmetries
    }

    /// Evaluates one position.
    pub fn evaluate(&mut self, features: &Features) -> Output {
        let mut out = Output::empty();
        self.run(
            std::slice::from_ref(features),
            std::slice::from_mut(&mut out),
        );
        out
    }

    /// Evaluates a batch of positions of one board size in one pass (one matrix product per
    /// layer for all of them), writing one output per position into `outputs`, which is
    /// cleared first.
    ///
    /// # Errors
    ///
    /// [`EvalError::MixedSizes`] when the positions do not share a board size.
    pub fn evaluate_batch(
        &mut self,
        batch: &[Features],
        outputs: &mut Vec<Output>,
    ) -> Result<(), EvalError> {
        outputs.clear();
        let Some(first) = batch.first() else {
            return Ok(());
        };
        if let Some(other) = batch.iter().find(|f| f.size() != first.size()) {
            return Err(EvalError::MixedSizes {
                first: first.size(),
                other: other.size(),
            });
        }
        outputs.resize_with(batch.len(), Output::empty);
        self.run(batch, outputs);
        Ok(())
    }

    /// Runs `batch` (of one size) and fills `outputs`, one per position.
    fn run(&mut self, batch: &[Features], outputs: &mut [Output]) {
        let size = batch.first().map_or(0, Features::size);
        let symmetries: &[Symmetry] = match &self.symmetries {
            Symmetries::Identity => &[Symmetry::IDENTITY],
            Symmetries::One(s) => std::slice::from_ref(s),
            Symmetries::Average => &Symmetry::ALL,
        };
        let shape = Shape {
            size,
            images: batch.len() * symmetries.len(),
        };
        let (area, n) = (shape.area(), shape.columns());
        let s = &mut self.scratch;
        ensure(&mut s.input, SPATIAL_FEATURES * n);
        ensure(&mut s.global, GLOBAL_FEATURES * shape.images);
        for (b, features) in batch.iter().enumerate() {
            for (k, &symmetry) in symmetries.iter().enumerate() {
                let image = b * symmetries.len() + k;
                for plane in 0..SPATIAL_FEATURES {
                    let dst = &mut s.input[plane * n + image * area..][..area];
                    symmetry.apply(size, features.plane(plane), dst);
                }
                s.global[image * GLOBAL_FEATURES..][..GLOBAL_FEATURES]
                    .copy_from_slice(features.global());
            }
        }
        #[cfg(not(all(target_arch = "wasm32", feature = "js-kernel")))]
        local::forward(&self.network, shape, s);
        #[cfg(all(target_arch = "wasm32", feature = "js-kernel"))]
        crate::kernel::forward(&self.network, shape, s);
        s.raw.clear();
        for image in 0..shape.images {
            let mut raw = Raw::default();
            raw.value.copy_from_slice(&s.value[image * 3..][..3]);
            raw.score
                .copy_from_slice(&s.score[image * SCORE_OUTPUTS..][..SCORE_OUTPUTS]);
            raw.pass = s.pass[image];
            let symmetry = symmetries[image % symmetries.len()];
            symmetry.invert(
                size,
                &s.policy[image * area..][..area],
                &mut raw.policy[..area],
            );
            symmetry.invert(
                size,
                &s.ownership[image * area..][..area],
                &mut raw.ownership[..area],
            );
            s.raw.push(raw);
        }
        for (features, (out, raws)) in batch
            .iter()
            .zip(outputs.iter_mut().zip(s.raw.chunks(symmetries.len())))
        {
            *out = Output::average(features, raws);
        }
    }
}

#[cfg(not(all(target_arch = "wasm32", feature = "js-kernel")))]
mod local {
    //! The forward pass on this side: every build but a WebAssembly one with `js-kernel`
    //! (where the `kernel` module hands it to the network module, which runs this).

    use super::{EvalError, Evaluator, Scratch, ensure};
    use crate::layers::{self, Shape};
    use crate::network::{Block, Network, SCORE_OUTPUTS};
    use crate::{GLOBAL_FEATURES, SPATIAL_FEATURES};

    impl Evaluator {
        /// The bare forward pass, for a module that runs the network for another (the web's
        /// network module, `crates/ishi-nn-kernel`, for the `kernel` module's side): `images`
        /// boards of `size` x `size`, whose input planes are `input`, laid out
        /// `[plane][image][point]` ([`SPATIAL_FEATURES`] planes, already under any symmetry),
        /// and whose global inputs are `global`, `[image][value]` ([`GLOBAL_FEATURES`] each).
        /// Returns the heads' raw outputs one after the other: the policy logits
        /// `[image][point]`, the pass logits `[image]`, the value logits `[image][3]`, the
        /// score values `[image][4]` and the ownership `[image][point]` (before its tanh).
        ///
        /// # Errors
        ///
        /// [`EvalError::Planes`] when the inputs' lengths do not fit `size` and `images`, or
        /// `size` is not 1 to 19.
        pub fn forward_planes(
            &mut self,
            size: usize,
            images: usize,
            input: &[f32],
            global: &[f32],
        ) -> Result<&[f32], EvalError> {
            let shape = Shape { size, images };
            if !(1..=ishi_rules::go::MAX_SIZE).contains(&size)
                || input.len() != SPATIAL_FEATURES * shape.columns()
                || global.len() != GLOBAL_FEATURES * images
            {
                return Err(EvalError::Planes);
            }
            let s = &mut self.scratch;
            s.input.clear();
            s.input.extend_from_slice(input);
            s.global.clear();
            s.global.extend_from_slice(global);
            forward(&self.network, shape, s);
            let (area, n) = (shape.area(), shape.columns());
            let out = &mut s.heads;
            out.clear();
            out.extend_from_slice(&s.policy[..n]);
            out.extend_from_slice(&s.pass[..images]);
            out.extend_from_slice(&s.value[..3 * images]);
            out.extend_from_slice(&s.score[..SCORE_OUTPUTS * images]);
            out.extend_from_slice(&s.ownership[..area * images]);
            Ok(out)
        }
    }

    /// The whole network on the batch in `s.input` and `s.global`, leaving the heads' raw
    /// outputs in `s.policy`, `s.pass`, `s.value`, `s.score` and `s.ownership`.
    pub(super) fn forward(net: &Network, shape: Shape, s: &mut Scratch) {
        let (images, n) = (shape.images, shape.columns());
        let c = net.trunk_channels();
        let widest = net.widest();
        for v in [&mut s.trunk, &mut s.act, &mut s.mid, &mut s.pooled_act] {
            ensure(v, widest * n);
        }
        for v in [&mut s.pooled, &mut s.small, &mut s.hidden] {
            ensure(v, 3 * widest * images);
        }

        // The trunk: the initial convolution, plus the global inputs' product on every point.
        layers::conv(
            &net.initial_conv,
            shape,
            &s.input,
            &mut s.trunk,
            &mut s.col,
            false,
        );
        layers::dense(&net.initial_global, images, &s.global, &mut s.small, false);
        layers::add_per_image(shape, c, &s.small, &mut s.trunk);
        for block in &net.blocks {
            match block {
                Block::Ordinary(b) => {
                    layers::affine_relu(&b.pre, shape, &s.trunk, &mut s.act);
                    layers::conv(&b.first, shape, &s.act, &mut s.mid, &mut s.col, false);
                    let bias = b.first.bias.as_deref();
                    layers::bias_relu(shape, b.first.outputs, bias, None, &mut s.mid);
                    layers::conv(&b.last, shape, &s.mid, &mut s.trunk, &mut s.col, true);
                }
                Block::Pooled(b) => {
                    layers::affine_relu(&b.pre, shape, &s.trunk, &mut s.act);
                    layers::conv(&b.regular, shape, &s.act, &mut s.mid, &mut s.col, false);
                    layers::conv(
                        &b.pooled,
                        shape,
                        &s.act,
                        &mut s.pooled_act,
                        &mut s.col,
                        false,
                    );
                    let p = b.pooled.outputs;
                    let bias = b.pooled.bias.as_deref();
                    layers::bias_relu(shape, p, bias, None, &mut s.pooled_act);
                    layers::pool(shape, p, &s.pooled_act, false, &mut s.pooled);
                    layers::dense(&b.to_bias, images, &s.pooled, &mut s.small, false);
                    let r = b.regular.outputs;
                    let bias = b.regular.bias.as_deref();
                    layers::bias_relu(shape, r, bias, Some(&s.small), &mut s.mid);
                    layers::conv(&b.last, shape, &s.mid, &mut s.trunk, &mut s.col, true);
                }
            }
        }
        layers::affine_relu(&net.trunk_tip, shape, &s.trunk, &mut s.act);

        // The policy head: `mid` holds p1, `pooled_act` g1.
        let p = &net.policy;
        layers::conv(&p.p1, shape, &s.act, &mut s.mid, &mut s.col, false);
        layers::conv(&p.g1, shape, &s.act, &mut s.pooled_act, &mut s.col, false);
        let g = p.g1.outputs;
        layers::bias_relu(shape, g, p.g1.bias.as_deref(), None, &mut s.pooled_act);
        layers::pool(shape, g, &s.pooled_act, false, &mut s.pooled);
        layers::dense(&p.to_bias, images, &s.pooled, &mut s.small, false);
        let p1 = p.p1.outputs;
        layers::bias_relu(shape, p1, p.p1.bias.as_deref(), Some(&s.small), &mut s.mid);
        ensure(&mut s.policy, n);
        layers::conv(&p.p2, shape, &s.mid, &mut s.policy, &mut s.col, false);
        ensure(&mut s.pass, images);
        layers::dense(&p.pass, images, &s.pooled, &mut s.pass, false);

        // The value head: `mid` holds v1.
        let v = &net.value;
        layers::conv(&v.v1, shape, &s.act, &mut s.mid, &mut s.col, false);
        let v1 = v.v1.outputs;
        layers::bias_relu(shape, v1, v.v1.bias.as_deref(), None, &mut s.mid);
        layers::pool(shape, v1, &s.mid, true, &mut s.pooled);
        layers::dense(&v.v2, images, &s.pooled, &mut s.hidden, true);
        ensure(&mut s.value, 3 * images);
        layers::dense(&v.v3, images, &s.hidden, &mut s.value, false);
        ensure(&mut s.score, SCORE_OUTPUTS * images);
        layers::dense(&v.score, images, &s.hidden, &mut s.score, false);
        ensure(&mut s.ownership, n);
        layers::conv(
            &v.ownership,
            shape,
            &s.mid,
            &mut s.ownership,
            &mut s.col,
            false,
        );
    }
}
