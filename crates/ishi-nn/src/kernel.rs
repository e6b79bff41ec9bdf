//! The forward pass of a WebAssembly build with the feature `js-kernel`: the network's
//! layers run in a module of their own, the network module (`crates/ishi-nn-kernel`), built
//! with WebAssembly SIMD, which the web worker instantiates and reaches through
//! `self.ishiNetwork` (`apps/ishi/public/worker/worker.js`).
//!
//! **Why a module of its own.** Matrix products with WebAssembly's 128-bit SIMD run three
//! times faster than without it (in Chromium on 2026-11-29: one 19x19 evaluation 50 ms
//! against 155 ms), but a module that holds one SIMD instruction does not load at all in a
//! browser without SIMD. The app's own module stays without SIMD, so it runs everywhere;
//! the network module holds the layers, and a browser that cannot load it plays Go on the
//! Monte Carlo engine without the network, as before the network arrived. Everything else
//! (the features, the symmetries, the post-processing, the search) stays on this side: one
//! code path, the same Rust, in both modules.
//!
//! This side still reads the network file ([`crate::Network::read`], which checks it) and
//! keeps the weights it read (about 4 MB in the worker) for [`crate::Network::parameters`]
//! and the checks; the network module keeps its own copy, which it evaluates.

use wasm_bindgen::prelude::*;

use crate::ReadError;
use crate::eval::Scratch;
use crate::layers::Shape;
use crate::network::{Network, SCORE_OUTPUTS};

#[wasm_bindgen]
extern "C" {
    /// Hands the network module a network file; its number there, or an error with its
    /// words (also when there is no network module: `self.ishiNetwork` is undefined).
    #[wasm_bindgen(catch, js_namespace = ishiNetwork, js_name = load)]
    fn kernel_load(bytes: &[u8]) -> Result<u32, JsValue>;

    /// [`crate::Evaluator::forward_planes`] of the network module's network `network`.
    #[wasm_bindgen(js_namespace = ishiNetwork, js_name = forward)]
    fn kernel_forward(
        network: u32,
        size: u32,
        images: u32,
        input: &[f32],
        global: &[f32],
    ) -> Vec<f32>;
}

/// `network`, read from `bytes` on this side, once the network module holds it too.
pub(crate) fn load(mut network: Network, bytes: &[u8]) -> Result<Network, ReadError> {
    // The network module throws its words as a string; anything else means it is not there.
    let kernel = kernel_load(bytes).map_err(|error| {
        ReadError::Kernel(
            error
                .as_string()
                .unwrap_or_else(|| "there is no network module".to_owned()),
        )
    })?;
    network.kernel = kernel;
    Ok(network)
}

/// The forward pass of the batch in `s.input` and `s.global` in the network module, its
/// heads' outputs put where the local pass leaves them.
pub(crate) fn forward(network: &Network, shape: Shape, s: &mut Scratch) {
    let (area, n, images) = (shape.area(), shape.columns(), shape.images);
    let input = &s.input[..crate::SPATIAL_FEATURES * n];
    let global = &s.global[..crate::GLOBAL_FEATURES * images];
    // At most 8 x 361 points and 41 inputs each: the numbers fit a u32.
    let heads = kernel_forward(
        network.kernel,
        shape.size as u32,
        images as u32,
        input,
        global,
    );
    let mut rest = heads.as_slice();
    let mut take = |v: &mut Vec<f32>, len: usize| {
        let (head, tail) = rest.split_at(len.min(rest.len()));
        v.clear();
        v.extend_from_slice(head);
        v.resize(len, 0.0);
        rest = tail;
    };
    take(&mut s.policy, n);
    take(&mut s.pass, images);
    take(&mut s.value, 3 * images);
    take(&mut s.score, SCORE_OUTPUTS * images);
    take(&mut s.ownership, area * images);
}
