//! Backends: stamp verified gadgets onto a sparse [`Board`](crate::board::Board) following a
//! [`Layout`](crate::layout::Layout) (thesis §5.8, Theorem 5.15 for the King).

pub mod king;
