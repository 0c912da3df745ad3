import Foundation

/// The buffers one layout needs, kept (emptied, capacity intact) for the next layout so that
/// laying out a feed does not allocate them again for every card.
struct Workspace {
  var items: [FlatItem] = []
  var texts: [FlatText] = []
  var levels: [FlatTree.Level] = []
  var memo: [NodeMemo] = []
  var scratch: [Flex] = []
  var numbers: [Double] = []
  var origins: [Origin] = []
  var naturalTexts: [TextMeasurement?] = []
  var lastTextWidth: [Double] = []
  var lastTexts: [TextMeasurement?] = []

  /// Takes `buffer` out of the workspace, emptied.
  static func take<Element>(_ buffer: inout [Element]) -> [Element] {
    var taken: [Element] = []
    swap(&taken, &buffer)
    taken.removeAll(keepingCapacity: true)
    return taken
  }
}

/// A few spare workspaces shared by all engines (thread-safe: every access to `spare` holds `lock`).
final class WorkspacePool: @unchecked Sendable {
  /// The pool every engine uses.
  static let shared = WorkspacePool()

  private let lock = NSLock()
  private var spare: [Workspace] = []
  /// Workspaces grown past this many nodes are not kept (a huge tree should not pin its memory).
  private static let largestKept = 4_096
  private static let mostKept = 8

  /// A spare workspace, or a new one.
  func take() -> Workspace {
    lock.lock()
    let workspace = spare.popLast()
    lock.unlock()
    return workspace ?? Workspace()
  }

  /// Returns a workspace for reuse.
  func give(_ workspace: Workspace) {
    guard workspace.items.capacity <= Self.largestKept else { return }
    lock.lock()
    if spare.count < Self.mostKept { spare.append(workspace) }
    lock.unlock()
  }
}
