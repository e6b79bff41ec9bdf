//! The network as inference runs it: KataGo's residual trunk and heads, with every batch
//! norm that follows a convolution or a matrix product folded into it.
//!
//! A batch norm is an affine map per channel (`scale * x + bias` once its mean, variance and
//! epsilon are merged), so when it comes straight after a linear layer it folds into that
//! layer exactly: the layer's output rows are scaled and the bias is added once. In a global
//! pooling block the pooled bias is added to the regular convolution's output before the
//! norm, so the pooled matrix product's rows take the same scale. What stays is the norm that
//! opens each residual block (it reads the trunk, which the residual sums keep adding to) and
//! the trunk's final one: those are kept as [`Affine`] layers, each followed by a ReLU.

use crate::ReadError;

/// A square convolution, `weights[out][in][ky][kx]`, with an optional bias per output.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Conv {
    /// The kernel's side (odd).
    pub(crate) size: usize,
    pub(crate) inputs: usize,
    pub(crate) outputs: usize,
    pub(crate) weights: Vec<f32>,
    pub(crate) bias: Option<Vec<f32>>,
}

/// A matrix product, `weights[out][in]`, with an optional bias per output.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Dense {
    pub(crate) inputs: usize,
    pub(crate) outputs: usize,
    pub(crate) weights: Vec<f32>,
    pub(crate) bias: Option<Vec<f32>>,
}

/// `max(0, scale * x + bias)` per channel: a batch norm and its ReLU.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Affine {
    pub(crate) scale: Vec<f32>,
    pub(crate) bias: Vec<f32>,
}

/// A residual block: the trunk gets `last(relu(first(pre(trunk)))))` added, the global
/// pooling kind adding a pooled bias to its middle channels.
#[derive(Clone, Debug, PartialEq)]
pub(crate) enum Block {
    /// Two 3x3 convolutions.
    Ordinary(Ordinary),
    /// The first convolution split in two, one part pooled into a bias for the other.
    Pooled(Pooled),
}

/// An ordinary residual block.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Ordinary {
    pub(crate) pre: Affine,
    pub(crate) first: Conv,
    pub(crate) last: Conv,
}

/// A global pooling residual block: `regular` channels go on, `pooled` channels are pooled
/// (mean, scaled mean, max) and mapped by `to_bias` onto the regular ones.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct Pooled {
    pub(crate) pre: Affine,
    pub(crate) regular: Conv,
    pub(crate) pooled: Conv,
    pub(crate) to_bias: Dense,
    pub(crate) last: Conv,
}

/// The policy head: `p1` channels biased by the pooled `g1` channels, then one logit per
/// point (`p2`) and one for the pass (`pass`, from the pooled values).
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct PolicyHead {
    pub(crate) p1: Conv,
    pub(crate) g1: Conv,
    pub(crate) to_bias: Dense,
    pub(crate) p2: Conv,
    pub(crate) pass: Dense,
}

/// The value head: `v1` channels pooled into `v2`, then the win/loss/no-result logits
/// (`v3`), the score values (`score`: mean, stdev before softplus, lead, variance time), and
/// the ownership per point from `v1`'s channels.
#[derive(Clone, Debug, PartialEq)]
pub(crate) struct ValueHead {
    pub(crate) v1: Conv,
    pub(crate) v2: Dense,
    pub(crate) v3: Dense,
    pub(crate) score: Dense,
    pub(crate) ownership: Conv,
}

/// A trained network, ready to evaluate positions: share it between evaluators with an
/// `Arc`.
///
/// Made from KataGo's model file by [`Network::from_katago`], or read from Ishi's own
/// format by [`Network::from_bytes`] (written by [`Network::to_bytes`]).
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    pub(crate) name: String,
    pub(crate) initial_conv: Conv,
    pub(crate) initial_global: Dense,
    pub(crate) blocks: Vec<Block>,
    pub(crate) trunk_tip: Affine,
    pub(crate) policy: PolicyHead,
    pub(crate) value: ValueHead,
    /// Where the network module of a WebAssembly build with `js-kernel` keeps its copy
    /// ([`crate::kernel`]).
    #[cfg(all(target_arch = "wasm32", feature = "js-kernel"))]
    pub(crate) kernel: u32,
}

/// One tensor of a network, as [`Network::visit`] hands it out.
#[derive(Copy, Clone, Debug)]
pub(crate) enum Tensor<'a> {
    /// A weight matrix with this many rows (one per output channel), row after row.
    Weights(usize, &'a [f32]),
    /// A bias or a norm's scale: one value per channel.
    Vector(&'a [f32]),
}

impl<'a> Tensor<'a> {
    /// The values, row after row.
    pub(crate) fn values(self) -> &'a [f32] {
        match self {
            Tensor::Weights(_, values) | Tensor::Vector(values) => values,
        }
    }
}

/// The number of input planes per point (KataGo's input version 7).
pub const SPATIAL_FEATURES: usize = 22;
/// The number of global inputs (KataGo's input version 7).
pub const GLOBAL_FEATURES: usize = 19;
/// The score head's outputs in model version 8: mean, stdev before softplus, lead, and the
/// variance time, which Ishi does not use.
pub(crate) const SCORE_OUTPUTS: usize = 4;

impl Network {
    /// The network's name, as its trainer gave it (`g170-b6c96-s175395328-d26788732`).
    pub fn name(&self) -> &str {
        &self.name
    }

    /// The trunk's channels (96 for g170's 6-block network).
    pub fn trunk_channels(&self) -> usize {
        self.initial_conv.outputs
    }

    /// The number of residual blocks.
    pub fn blocks(&self) -> usize {
        self.blocks.len()
    }

    /// The number of weights and biases.
    pub fn parameters(&self) -> usize {
        let mut total = 0;
        self.visit(&mut |tensor| total += tensor.values().len());
        total
    }

    /// Calls `f` on every tensor in the order Ishi's format stores them: weight matrices as
    /// [`Tensor::Weights`] (one row per output), biases and norms as [`Tensor::Vector`].
    pub(crate) fn visit(&self, f: &mut impl FnMut(Tensor<'_>)) {
        fn conv(c: &Conv, f: &mut impl FnMut(Tensor<'_>)) {
            f(Tensor::Weights(c.outputs, &c.weights));
            if let Some(b) = &c.bias {
                f(Tensor::Vector(b));
            }
        }
        fn dense(d: &Dense, f: &mut impl FnMut(Tensor<'_>)) {
            f(Tensor::Weights(d.outputs, &d.weights));
            if let Some(b) = &d.bias {
                f(Tensor::Vector(b));
            }
        }
        fn affine(a: &Affine, f: &mut impl FnMut(Tensor<'_>)) {
            f(Tensor::Vector(&a.scale));
            f(Tensor::Vector(&a.bias));
        }
        conv(&self.initial_conv, f);
        dense(&self.initial_global, f);
        for block in &self.blocks {
            match block {
                Block::Ordinary(b) => {
                    affine(&b.pre, f);
                    conv(&b.first, f);
                    conv(&b.last, f);
                }
                Block::Pooled(b) => {
                    affine(&b.pre, f);
                    conv(&b.regular, f);
                    conv(&b.pooled, f);
                    dense(&b.to_bias, f);
                    conv(&b.last, f);
                }
            }
        }
        affine(&self.trunk_tip, f);
        let p = &self.policy;
        conv(&p.p1, f);
        conv(&p.g1, f);
        dense(&p.to_bias, f);
        conv(&p.p2, f);
        dense(&p.pass, f);
        let v = &self.value;
        conv(&v.v1, f);
        dense(&v.v2, f);
        dense(&v.v3, f);
        dense(&v.score, f);
        conv(&v.ownership, f);
    }

    /// The network of these layers, once [`check`](Network::check) has found that they fit.
    pub(crate) fn assemble(
        name: String,
        (initial_conv, initial_global): (Conv, Dense),
        blocks: Vec<Block>,
        trunk_tip: Affine,
        (policy, value): (PolicyHead, ValueHead),
    ) -> Result<Network, ReadError> {
        let network = Network {
            name,
            initial_conv,
            initial_global,
            blocks,
            trunk_tip,
            policy,
            value,
            #[cfg(all(target_arch = "wasm32", feature = "js-kernel"))]
            kernel: 0,
        };
        network.check()?;
        Ok(network)
    }

    /// Checks that the layers fit together: channel counts agree from layer to layer, the
    /// inputs are KataGo's version 7 features, and the heads have the outputs model version 8
    /// has. Readers call it, so no evaluation meets a shape it cannot handle.
    fn check(&self) -> Result<(), ReadError> {
        let shape = |ok: bool, layer: &str| {
            if ok {
                Ok(())
            } else {
                Err(ReadError::Shape(layer.to_owned()))
            }
        };
        let c = self.trunk_channels();
        let conv_ok = |conv: &Conv, size: usize, inputs: usize, bias: bool| {
            conv.size == size
                && conv.inputs == inputs
                && conv.outputs > 0
                && conv.weights.len() == conv.outputs * conv.inputs * size * size
                && conv.bias.as_ref().map(Vec::len) == bias.then_some(conv.outputs)
        };
        let dense_ok = |dense: &Dense, inputs: usize, outputs: usize, bias: bool| {
            dense.inputs == inputs
                && dense.outputs == outputs
                && dense.weights.len() == inputs * outputs
                && dense.bias.as_ref().map(Vec::len) == bias.then_some(outputs)
        };
        let affine_ok = |a: &Affine| a.scale.len() == c && a.bias.len() == c;
        let initial = &self.initial_conv;
        shape(
            c > 0
                && initial.size % 2 == 1
                && conv_ok(initial, initial.size, SPATIAL_FEATURES, false),
            "initial convolution",
        )?;
        shape(
            dense_ok(&self.initial_global, GLOBAL_FEATURES, c, false),
            "initial global matrix",
        )?;
        shape(!self.blocks.is_empty(), "trunk")?;
        for (n, block) in self.blocks.iter().enumerate() {
            let ok = match block {
                Block::Ordinary(b) => {
                    affine_ok(&b.pre)
                        && conv_ok(&b.first, 3, c, true)
                        && conv_ok(&b.last, 3, b.first.outputs, false)
                        && b.last.outputs == c
                }
                Block::Pooled(b) => {
                    affine_ok(&b.pre)
                        && conv_ok(&b.regular, 3, c, true)
                        && conv_ok(&b.pooled, 3, c, true)
                        && dense_ok(&b.to_bias, 3 * b.pooled.outputs, b.regular.outputs, false)
                        && conv_ok(&b.last, 3, b.regular.outputs, false)
                        && b.last.outputs == c
                }
            };
            shape(ok, &format!("residual block {}", n + 1))?;
        }
        shape(affine_ok(&self.trunk_tip), "trunk tip")?;
        let p = &self.policy;
        shape(
            conv_ok(&p.p1, 1, c, true)
                && conv_ok(&p.g1, 1, c, true)
                && dense_ok(&p.to_bias, 3 * p.g1.outputs, p.p1.outputs, false)
                && conv_ok(&p.p2, 1, p.p1.outputs, false)
                && p.p2.outputs == 1
                && dense_ok(&p.pass, 3 * p.g1.outputs, 1, false),
            "policy head",
        )?;
        let v = &self.value;
        shape(
            conv_ok(&v.v1, 1, c, true)
                && dense_ok(&v.v2, 3 * v.v1.outputs, v.v2.outputs, true)
                && v.v2.outputs > 0
                && dense_ok(&v.v3, v.v2.outputs, 3, true)
                && dense_ok(&v.score, v.v2.outputs, SCORE_OUTPUTS, true)
                && conv_ok(&v.ownership, 1, v.v1.outputs, false)
                && v.ownership.outputs == 1,
            "value head",
        )?;
        let mut finite = true;
        self.visit(&mut |t| finite &= t.values().iter().all(|x| x.is_finite()));
        if finite {
            Ok(())
        } else {
            Err(ReadError::NotFinite(self.name.clone()))
        }
    }

    /// The widest layer, in channels: what the evaluator's buffers hold per point.
    #[cfg(not(all(target_arch = "wasm32", feature = "js-kernel")))]
    pub(crate) fn widest(&self) -> usize {
        let mut widest = self.trunk_channels().max(SPATIAL_FEATURES);
        for block in &self.blocks {
            let (a, b) = match block {
                Block::Ordinary(b) => (b.first.outputs, 0),
                Block::Pooled(b) => (b.regular.outputs, b.pooled.outputs),
            };
            widest = widest.max(a).max(b);
        }
        let (p, v) = (&self.policy, &self.value);
        widest
            .max(p.p1.outputs)
            .max(p.g1.outputs)
            .max(v.v1.outputs)
            .max(v.v2.outputs)
    }
}
