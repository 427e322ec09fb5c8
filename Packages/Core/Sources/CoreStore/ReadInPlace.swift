/// Reads part of the value at `keyPath` in `root` through a modify access (the value passed
/// `inout`) instead of a read through the key path.
///
/// The navigation reducers compare a little of their state before and after every action (the
/// ids on a stack, the identity of a presented child). A plain read, `root[keyPath: keyPath]`,
/// goes through the runtime's unspecialised `swift_getAtKeyPath`, which copies the whole value
/// and looks up generic metadata on every call (about 400 instructions; `make benchmark`'s
/// case (d)); a modify access does neither. For a computed property the access runs its getter
/// and then its setter with the value unchanged, as it does whenever a child is reduced.
func readInPlace<Root, Value, Part>(
  _ root: inout Root,
  _ keyPath: WritableKeyPath<Root, Value>,
  _ part: (inout Value) -> Part
) -> Part {
  part(&root[keyPath: keyPath])
}
