//! The web's network module: the layers of `ishi-nn` in a WebAssembly module of their own,
//! which `scripts/build-web` builds with WebAssembly SIMD (`-C target-feature=+simd128`,
//! so `matrixmultiply` takes its SIMD kernel) and the web worker instantiates beside the
//! app's module when the browser has SIMD (`apps/ishi/public/worker/worker.js`). The app's
//! module, built without SIMD so that it loads everywhere, reads the features and runs the
//! search; for each batch it hands this module the input planes and gets the heads' raw
//! outputs back (`ishi_nn`'s `kernel` module, feature `js-kernel`, says why it is split so).
//!
//! The exports are plain WebAssembly functions on numbers, no wasm-bindgen: the worker writes
//! a network file or a batch's inputs into a buffer this module hands out
//! ([`ishi_nn_bytes`], [`ishi_nn_inputs`]), calls [`ishi_nn_load`] or [`ishi_nn_forward`],
//! and reads the answer ([`ishi_nn_message`] and [`ishi_nn_message_len`], or
//! [`ishi_nn_output`]). Pointers are offsets into this module's memory, which a call may
//! grow: the worker makes its views after each call. Nothing here panics on what the worker
//! hands over: a file that is not a network and inputs that do not fit are errors.

use std::cell::RefCell;
use std::sync::Arc;

use ishi_nn::{Evaluator, Network};

/// The module's state: the networks loaded, their evaluators, and the buffers it shares.
#[derive(Default)]
pub struct Kernel {
    networks: Vec<Evaluator>,
    bytes: Vec<u8>,
    inputs: Vec<f32>,
    message: String,
    output: Vec<f32>,
}

impl Kernel {
    /// Reads a network file in Ishi's format: its number for [`Kernel::forward`].
    ///
    /// # Errors
    ///
    /// What is wrong with the file, in words.
    pub fn load(&mut self, bytes: &[u8]) -> Result<u32, String> {
        let network = Network::from_bytes(bytes).map_err(|e| e.to_string())?;
        let number = u32::try_from(self.networks.len()).map_err(|e| e.to_string())?;
        self.networks.push(Evaluator::new(Arc::new(network)));
        Ok(number)
    }

    /// The inputs buffer, `len` values long (zero): the input planes, then the global inputs.
    pub fn inputs(&mut self, len: usize) -> &mut [f32] {
        self.inputs.clear();
        self.inputs.resize(len, 0.0);
        &mut self.inputs
    }

    /// Runs network `network` on `images` boards of `size` x `size` whose inputs are the
    /// inputs buffer's, the first `spatial` of them the planes: `ishi_nn`'s
    /// `Evaluator::forward_planes`, whose outputs [`Kernel::output`] then holds.
    ///
    /// # Errors
    ///
    /// No such network, or inputs that do not fit, in words.
    pub fn forward(
        &mut self,
        network: u32,
        (size, images): (usize, usize),
        spatial: usize,
    ) -> Result<(), String> {
        let evaluator = usize::try_from(network)
            .ok()
            .and_then(|n| self.networks.get_mut(n))
            .ok_or_else(|| format!("no network {network}"))?;
        if spatial > self.inputs.len() {
            return Err("more input planes than inputs".to_owned());
        }
        let (planes, global) = self.inputs.split_at(spatial);
        let heads = evaluator
            .forward_planes(size, images, planes, global)
            .map_err(|e| e.to_string())?;
        self.output.clear();
        self.output.extend_from_slice(heads);
        Ok(())
    }

    /// The last [`Kernel::forward`]'s outputs.
    pub fn output(&self) -> &[f32] {
        &self.output
    }
}

thread_local! {
    /// The one kernel of this module (WebAssembly runs it on one thread).
    static KERNEL: RefCell<Kernel> = RefCell::default();
}

/// A buffer of `len` bytes for a network file, to write before [`ishi_nn_load`].
#[unsafe(no_mangle)]
pub extern "C" fn ishi_nn_bytes(len: usize) -> *mut u8 {
    KERNEL.with_borrow_mut(|k| {
        k.bytes.clear();
        k.bytes.resize(len, 0);
        k.bytes.as_mut_ptr()
    })
}

/// Reads the network file in the bytes buffer: its number, or -1 with the reason in the
/// message. The buffer is emptied.
#[unsafe(no_mangle)]
pub extern "C" fn ishi_nn_load() -> i32 {
    KERNEL.with_borrow_mut(|k| {
        let bytes = std::mem::take(&mut k.bytes);
        let loaded = k
            .load(&bytes)
            .and_then(|n| i32::try_from(n).map_err(|e| e.to_string()));
        loaded.unwrap_or_else(|message| {
            k.message = message;
            -1
        })
    })
}

/// A buffer of `len` inputs (the planes, then the global inputs) for [`ishi_nn_forward`].
#[unsafe(no_mangle)]
pub extern "C" fn ishi_nn_inputs(len: usize) -> *mut f32 {
    KERNEL.with_borrow_mut(|k| k.inputs(len).as_mut_ptr())
}

/// Runs network `network` on the inputs buffer (`spatial` plane values, then the global
/// inputs) of `images` boards of `size` x `size`: the number of outputs, read from
/// [`ishi_nn_output`], or -1 with the reason in the message.
#[unsafe(no_mangle)]
pub extern "C" fn ishi_nn_forward(network: u32, size: usize, images: usize, spatial: usize) -> i32 {
    KERNEL.with_borrow_mut(|k| {
        let done = k
            .forward(network, (size, images), spatial)
            .and_then(|()| i32::try_from(k.output.len()).map_err(|e| e.to_string()));
        done.unwrap_or_else(|message| {
            k.message = message;
            -1
        })
    })
}

/// Where the last [`ishi_nn_forward`]'s outputs are.
#[unsafe(no_mangle)]
pub extern "C" fn ishi_nn_output() -> *const f32 {
    KERNEL.with_borrow(|k| k.output.as_ptr())
}

/// Where the last error's words are (UTF-8, [`ishi_nn_message_len`] bytes).
#[unsafe(no_mangle)]
pub extern "C" fn ishi_nn_message() -> *const u8 {
    KERNEL.with_borrow(|k| k.message.as_ptr())
}

/// The length in bytes of the last error's words.
#[unsafe(no_mangle)]
pub extern "C" fn ishi_nn_message_len() -> usize {
    KERNEL.with_borrow(|k| k.message.len())
}

#[cfg(test)]
mod tests;
