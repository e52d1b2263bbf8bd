// Commands are declared one per file, each knowing only its own path (`["card", "add"]`); the
// tree the parser needs is assembled here, so adding a command never means editing a parent's
// list of subcommands by hand.

/// A command that only groups others (`card`, `txn`): it has no arguments or action of its own,
/// and invoked alone it prints its help.
public struct CommandGroup: Sendable, Equatable {
  /// The words that select it, e.g. `["card"]`.
  public var path: [String]
  /// One line, shown in its parent's `SUBCOMMANDS:` list and in its own help.
  public var abstract: String
  /// Longer text for its help.
  public var discussion: String?

  /// Declares the group at `path`.
  public init(_ path: [String], abstract: String, discussion: String? = nil) {
    precondition(!path.isEmpty, "a group needs a name")
    self.path = path
    self.abstract = abstract
    self.discussion = discussion
  }
}

extension CommandSpec {
  /// The root `root` with `commands` placed at their paths, and a group made from `groups` for
  /// every intermediate word. Subcommands appear in the order their first command is listed.
  ///
  /// A command whose name differs from the last word of its path, a path without a declared
  /// group, or two commands at one path are programmer errors and trap.
  public static func tree(
    root: CommandSpec, commands: [(path: [String], spec: CommandSpec)], groups: [CommandGroup]
  ) -> CommandSpec {
    var root = root
    for (path, spec) in commands {
      precondition(spec.name == path.last, "command '\(spec.name)' is declared at \(path)")
      insert(spec, at: path[...], into: &root, groups: groups, above: [])
    }
    let used = Set(
      commands.flatMap { command in
        (1..<max(command.path.count, 1)).map { Array(command.path.prefix($0)) }
      })
    for group in groups {
      precondition(used.contains(group.path), "group \(group.path) has no commands")
    }
    return root
  }

  private static func insert(
    _ spec: CommandSpec, at path: ArraySlice<String>, into parent: inout CommandSpec,
    groups: [CommandGroup], above: [String]
  ) {
    guard let word = path.first else { return }
    if path.count == 1 {
      precondition(
        !parent.subcommands.contains(where: { $0.name == word }),
        "two commands at \(above + [word])")
      parent.subcommands.append(spec)
      return
    }
    let groupPath = above + [word]
    if let index = parent.subcommands.firstIndex(where: { $0.name == word }) {
      insert(
        spec, at: path.dropFirst(), into: &parent.subcommands[index], groups: groups,
        above: groupPath)
      return
    }
    guard let group = groups.first(where: { $0.path == groupPath }) else {
      preconditionFailure("no group declared at \(groupPath)")
    }
    var node = CommandSpec(word, abstract: group.abstract, discussion: group.discussion)
    insert(spec, at: path.dropFirst(), into: &node, groups: groups, above: groupPath)
    parent.subcommands.append(node)
  }
}
