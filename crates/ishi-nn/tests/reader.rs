//! The two readers against damaged files: KataGo's model format (a small network of the same
//! shape family, written here) and Ishi's own (the shipped file). Every cut and every sampled
//! bit flip gives an error or a network, never a panic; Ishi's checksum catches every flip.

use ishi_nn::{Network, Precision, ReadError};

/// A small xorshift stream of weights in -0.5..0.5.
struct Weights(u64);

impl Weights {
    fn next(&mut self) -> f32 {
        self.0 ^= self.0 << 13;
        self.0 ^= self.0 >> 7;
        self.0 ^= self.0 << 17;
        (self.0 >> 40) as f32 / (1u64 << 24) as f32 - 0.5
    }
}

/// Writes a KataGo model file (version 8) by hand: `c` trunk channels, an ordinary block and
/// a global pooling block, heads of `h` channels.
fn katago_model(c: usize, h: usize) -> Vec<u8> {
    let mut w = Weights(0x1234_5678_9abc_def1);
    let mut out = Vec::new();
    let text = |out: &mut Vec<u8>, s: &str| {
        out.extend_from_slice(s.as_bytes());
        out.push(b'\n');
    };
    let floats = |out: &mut Vec<u8>, n: usize, w: &mut Weights, positive: bool| {
        out.extend_from_slice(b"@BIN@");
        for _ in 0..n {
            let x = if positive { 0.5 + w.next() } else { w.next() };
            out.extend_from_slice(&x.to_le_bytes());
        }
        out.push(b'\n');
    };
    let conv = |out: &mut Vec<u8>, name: &str, k: usize, i: usize, o: usize, w: &mut Weights| {
        out.extend_from_slice(format!("{name}\n{k}\n{k}\n{i}\n{o}\n1\n1\n").as_bytes());
        floats(out, k * k * i * o, w, false);
    };
    let norm = |out: &mut Vec<u8>, name: &str, n: usize, scale: bool, w: &mut Weights| {
        out.extend_from_slice(format!("{name}\n{n}\n1e-05\n{}\n1\n", u8::from(scale)).as_bytes());
        floats(out, n, w, false);
        floats(out, n, w, true);
        if scale {
            floats(out, n, w, true);
        }
        floats(out, n, w, false);
    };
    let dense = |out: &mut Vec<u8>, name: &str, i: usize, o: usize, w: &mut Weights| {
        out.extend_from_slice(format!("{name}\n{i}\n{o}\n").as_bytes());
        floats(out, i * o, w, false);
    };
    let bias = |out: &mut Vec<u8>, name: &str, n: usize, w: &mut Weights| {
        out.extend_from_slice(format!("{name}\n{n}\n").as_bytes());
        floats(out, n, w, false);
    };
    text(&mut out, "tiny-test-net");
    text(&mut out, "8\n22\n19");
    text(&mut out, &format!("trunk\n2\n{c}\n{c}\n{h}\n{h}\n{h}"));
    conv(&mut out, "conv1", 5, 22, c, &mut w);
    dense(&mut out, "ginputw", 19, c, &mut w);
    text(&mut out, "ordinary_block\nb1");
    norm(&mut out, "b1/norm1", c, false, &mut w);
    text(&mut out, "b1/actv1");
    conv(&mut out, "b1/w1", 3, c, c, &mut w);
    norm(&mut out, "b1/norm2", c, true, &mut w);
    text(&mut out, "b1/actv2");
    conv(&mut out, "b1/w2", 3, c, c, &mut w);
    text(&mut out, "gpool_block\nb2");
    norm(&mut out, "b2/norm1", c, false, &mut w);
    text(&mut out, "b2/actv1");
    conv(&mut out, "b2/w1a", 3, c, h, &mut w);
    conv(&mut out, "b2/w1b", 3, c, h, &mut w);
    norm(&mut out, "b2/norm1b", h, false, &mut w);
    text(&mut out, "b2/actv1b");
    dense(&mut out, "b2/w1r", 3 * h, h, &mut w);
    norm(&mut out, "b2/norm2", h, true, &mut w);
    text(&mut out, "b2/actv2");
    conv(&mut out, "b2/w2", 3, h, c, &mut w);
    norm(&mut out, "trunk/norm", c, false, &mut w);
    text(&mut out, "trunk/actv\npolicyhead");
    conv(&mut out, "p1", 1, c, h, &mut w);
    conv(&mut out, "g1", 1, c, h, &mut w);
    norm(&mut out, "g1/norm", h, false, &mut w);
    text(&mut out, "g1/actv");
    dense(&mut out, "matmulg2w", 3 * h, h, &mut w);
    norm(&mut out, "p1/norm", h, false, &mut w);
    text(&mut out, "p1/actv");
    conv(&mut out, "p2", 1, h, 1, &mut w);
    dense(&mut out, "matmulpass", 3 * h, 1, &mut w);
    text(&mut out, "valuehead");
    conv(&mut out, "v1", 1, c, h, &mut w);
    norm(&mut out, "v1/norm", h, false, &mut w);
    text(&mut out, "v1/actv");
    dense(&mut out, "v2/w", 3 * h, 2 * h, &mut w);
    bias(&mut out, "v2/b", 2 * h, &mut w);
    text(&mut out, "v2/actv");
    dense(&mut out, "v3/w", 2 * h, 3, &mut w);
    bias(&mut out, "v3/b", 3, &mut w);
    dense(&mut out, "sv3/w", 2 * h, 4, &mut w);
    bias(&mut out, "sv3/b", 4, &mut w);
    conv(&mut out, "vownership/w", 1, h, 1, &mut w);
    out
}

#[test]
fn a_katago_model_is_read_and_converts_the_same_way_twice() {
    let file = katago_model(8, 4);
    let network = Network::from_katago(&file).expect("a valid model");
    assert_eq!(network.name(), "tiny-test-net");
    assert_eq!((network.blocks(), network.trunk_channels()), (2, 8));
    let again = Network::from_katago(&file).expect("a valid model");
    for precision in [Precision::F32, Precision::F16, Precision::Int8] {
        assert_eq!(network.to_bytes(precision), again.to_bytes(precision));
    }
    // f32 round-trips exactly; f16 and int8 round-trip to their own bytes.
    let exact = Network::from_bytes(&network.to_bytes(Precision::F32)).expect("readable");
    assert_eq!(exact, network);
    for precision in [Precision::F16, Precision::Int8] {
        let bytes = network.to_bytes(precision);
        let read = Network::from_bytes(&bytes).expect("readable");
        assert_eq!(read.to_bytes(precision), bytes, "{precision:?}");
    }
}

#[test]
fn the_shipped_network_encodes_back_to_its_own_bytes() {
    let network = Network::from_bytes(ishi_nn::G170_B6C96).expect("the shipped network");
    assert_eq!(network.name(), "g170-b6c96-s175395328-d26788732");
    assert_eq!((network.blocks(), network.trunk_channels()), (6, 96));
    assert_eq!(network.to_bytes(Precision::F16), ishi_nn::G170_B6C96);
}

#[test]
fn a_cut_katago_model_is_an_error_at_every_length() {
    let file = katago_model(4, 2);
    // The last byte is the newline after the last weights, which the reader does not need.
    for len in 0..file.len() - 1 {
        let result = Network::from_katago(&file[..len]);
        assert!(result.is_err(), "cut at {len} of {}", file.len());
    }
}

#[test]
fn a_flipped_bit_in_a_katago_model_never_panics() {
    let file = katago_model(4, 2);
    let (mut errors, mut networks) = (0, 0);
    for byte in 0..file.len() {
        let mut damaged = file.clone();
        damaged[byte] ^= 1 << (byte % 8);
        match Network::from_katago(&damaged) {
            Ok(_) => networks += 1,
            Err(_) => errors += 1,
        }
    }
    // Flips in the text are errors; most flips in the weights leave a (different) network.
    assert!(
        errors > 50 && networks > 50,
        "{errors} errors, {networks} networks"
    );
}

#[test]
fn katago_models_of_other_versions_or_shapes_are_refused() {
    let file = katago_model(4, 2);
    let text = |f: &[u8], from: &str, to: &str| {
        let at = f
            .windows(from.len())
            .position(|w| w == from.as_bytes())
            .expect("the text is there");
        let mut out = f[..at].to_vec();
        out.extend_from_slice(to.as_bytes());
        out.extend_from_slice(&f[at + from.len()..]);
        out
    };
    assert_eq!(
        Network::from_katago(&text(&file, "\n8\n22", "\n9\n22")).err(),
        Some(ReadError::Version(9))
    );
    assert_eq!(
        Network::from_katago(&text(&file, "22\n19", "22\n18")).err(),
        Some(ReadError::Shape("inputs".to_owned()))
    );
    assert!(matches!(
        Network::from_katago(&text(&file, "ordinary_block", "weird_block")),
        Err(ReadError::Malformed { .. })
    ));
    // A 3x3 policy convolution instead of 1x1 no longer fits the head.
    assert!(matches!(
        Network::from_katago(&text(&file, "p2\n1\n1", "p2\n3\n3")),
        Err(ReadError::Truncated | ReadError::Shape(_) | ReadError::Malformed { .. })
    ));
    let mut nan = file.clone();
    let weights = nan.windows(5).position(|w| w == b"@BIN@").expect("weights") + 5;
    nan[weights..weights + 4].copy_from_slice(&f32::NAN.to_le_bytes());
    assert_eq!(
        Network::from_katago(&nan).err(),
        Some(ReadError::NotFinite("conv1".to_owned()))
    );
}

#[test]
fn a_damaged_ishi_file_is_an_error() {
    let file = ishi_nn::G170_B6C96;
    assert_eq!(Network::from_bytes(b"").err(), Some(ReadError::Magic));
    assert_eq!(Network::from_bytes(b"KATAGO").err(), Some(ReadError::Magic));
    for len in (0..file.len())
        .step_by(100_003)
        .chain([6, 7, 8, 9, file.len() - 1])
    {
        assert!(Network::from_bytes(&file[..len]).is_err(), "cut at {len}");
    }
    for byte in (0..file.len()).step_by(100_019).chain([6, 7, 8, 9, 10]) {
        let mut damaged = file.to_vec();
        damaged[byte] ^= 0x10;
        assert!(Network::from_bytes(&damaged).is_err(), "flip at {byte}");
    }
    let mut version = file.to_vec();
    version[6] = 2;
    assert_eq!(
        Network::from_bytes(&version).err(),
        Some(ReadError::Version(2))
    );
}
