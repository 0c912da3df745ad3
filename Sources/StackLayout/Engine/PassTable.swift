import JSONCore

/// One table of a layout pass (the flat tree's items, the per-node memos and frames, the scratch stacks): plain
/// values in one allocation that only the pass owns, read and written in place, every index checked — JSONCore's
/// `GrowableTable`, the package's one hand-grown buffer.
///
/// It pays: through an `[Element]` in the pass, every write paid a uniqueness check (`swift_isUniquelyReferenced`,
/// about 190 per card layout) besides its bounds check; a noncopyable table cannot be shared, so it needs none
/// (cold layout runs 22 % more instructions with arrays, docs/BENCHMARKS.md "Unsafe code, measured"). Being
/// noncopyable, it also cannot outlive or escape its pass, nor be handed to another thread while the pass uses
/// it. `PassTableTests` covers growth at every boundary, popping, refilling and copying out.
typealias PassTable<Element: BitwiseCopyable> = GrowableTable<Element>
