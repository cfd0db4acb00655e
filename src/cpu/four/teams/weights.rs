//! The evaluation's weights, indexed as in [`super::features`], in
//! [`SCALE`]ths of a centipawn. Written by `banmen tune fit`
//! (docs/cpu.md); not edited by hand.

/// Weights are in this fraction of a centipawn.
pub const SCALE: i32 = 8;

/// One weight per feature.
pub static WEIGHTS: [i16; 88] = [
    663, 2225, 3081, 3818, 8090, 0, 7, 132, 2, 83, 287, 407, 1387, 2412, 3428, 4496, 5600, 6736,
    7904, -333, -188, -82, 18, 170, 188, 263, -114, 37, 109, 33, 65, 137, 198, -114, 85, 2, 4, 18,
    38, 93, 49, 121, 76, 70, -33, -28, 86, -296, -139, -130, 31, 19, -48, -211, -387, -591, -796,
    -998, -1202, -1399, -1600, -1799, -2000, -2200, -2400, 36, 29, 138, 85, 896, 963, 954, 972,
    940, 982, 1001, 1002, -758, -430, -419, -1119, -15, 0, 0, 0, -619, -9, 320,
];
