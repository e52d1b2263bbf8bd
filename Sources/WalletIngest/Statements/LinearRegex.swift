/// A regular expression of a format or rules file, matched in time linear in the text: the
/// replacement for Swift's `Regex`, which backtracks, so that `^(a+)+$` against a line of `a`s
/// and a `b` ran for minutes on a file the user was given.
///
/// The pattern is parsed into a program for a Pike VM (Thompson's simulation of the NFA, with
/// the threads kept in priority order): each character of the text is looked at once by each
/// instruction at most, so matching takes O(pattern × text) steps whatever the pattern, and
/// gives the match and the groups that Swift's `Regex` gives (leftmost, the earlier alternative
/// and the greedier repeat first).
///
/// The syntax is the subset wallet-formats(5) lists, which the built-in formats use: literal
/// characters (any Unicode), `.`, classes `[…]` with ranges and `^`, `\d \D \s \S \w \W`, escaped
/// punctuation and `\t \n \r \f`, anchors `^ $`, groups `(…)`, `(?:…)` and `(?<name>…)`,
/// alternation, and `* + ? {m} {m,} {m,n} {,n}`, each optionally lazy (`*?`). Matching is on
/// characters (grapheme clusters), as `Regex` matches by default. Anything else — backreferences,
/// lookaround, atomic groups, possessive repeats, inline options — is refused when the file is
/// read, with the reason.
package struct LinearRegex: Sendable {
  /// The most a repeat may count (`{m,n}`), and the most instructions a pattern may take once
  /// its repeats are written out: enough for any real pattern, and a bound on the work per
  /// character.
  package static let maximumRepeat = 1000
  package static let maximumProgram = 20_000

  /// The pattern as written.
  package let pattern: String
  /// Whether letters match regardless of case.
  package let ignoresCase: Bool
  /// The number of groups, the whole match not counted.
  package let groupCount: Int
  /// The number of each named group.
  package let groupNames: [String: Int]
  private let program: [Instruction]
  private let registerCount: Int
  /// For each instruction, the register of the innermost loop it is in; -1 outside loops.
  private let loopOf: [Int]
  /// For each loop's register, the register of the loop around it; -1 for an outermost loop.
  private let enclosingLoop: [Int]
  /// Where each instruction's visit marks begin: one mark for each count of the loops around
  /// it whose iteration has read nothing yet (0 up to how deep the instruction is nested).
  private let markStart: [Int]
  /// How many visit marks a position has.
  private let markCount: Int

  /// Parses `pattern`; throws the first construct outside the accepted syntax.
  package init(_ pattern: String, ignoresCase: Bool = false) throws(LinearRegexError) {
    var parser = Parser(Array(pattern))
    let tree = try parser.parseWhole()
    var compiler = Compiler()
    try compiler.emit(.group(0, tree))
    compiler.append(.match)
    self.pattern = pattern
    self.ignoresCase = ignoresCase
    groupCount = parser.groupCount
    groupNames = parser.groupNames
    program = compiler.program
    registerCount = compiler.registerCount
    loopOf = compiler.loopOf
    enclosingLoop = compiler.enclosingLoop
    var starts: [Int] = []
    var total = 0
    for pc in compiler.program.indices {
      starts.append(total)
      var depth = 0
      var loop = compiler.loopOf[pc]
      while loop >= 0 {
        depth += 1
        loop = compiler.enclosingLoop[loop]
      }
      total += depth + 1
    }
    // Deeply nested loops multiply the marks, and the work per character with them.
    guard total <= 4 * LinearRegex.maximumProgram else {
      throw LinearRegexError(problem: .tooLong, offset: 0)
    }
    markStart = starts
    markCount = total
  }

  /// A match: the whole and each group, as ranges of the text searched.
  package struct Match {
    /// Group 0 is the whole match; a group that took no part is nil.
    package let ranges: [Range<String.Index>?]
    private let text: String
    private let names: [String: Int]

    init(ranges: [Range<String.Index>?], text: String, names: [String: Int]) {
      self.ranges = ranges
      self.text = text
      self.names = names
    }

    /// The text of group `number` (0: the whole match), or nil when it took no part.
    package subscript(number: Int) -> Substring? {
      guard ranges.indices.contains(number), let range = ranges[number] else { return nil }
      return text[range]
    }

    /// The text of the group named `name`, or nil when there is none or it took no part.
    package subscript(name: String) -> Substring? {
      names[name].flatMap { self[$0] }
    }
  }

  /// Whether the pattern matches somewhere in `text`.
  package func matches(_ text: String) -> Bool { firstMatch(in: text) != nil }

  /// The leftmost match in `text`, as `Regex.firstMatch(in:)` finds it.
  package func firstMatch(in text: String) -> Match? {
    let characters = Array(text)
    var indices = Array(text.indices)
    indices.append(text.endIndex)
    let folded = ignoresCase ? characters.map(CaseFolding.variants) : []
    let slotCount = 2 * (groupCount + 1)
    let fresh = [Int](repeating: -1, count: slotCount + registerCount)

    var current = ThreadList(capacity: markCount)
    var next = ThreadList(capacity: markCount)
    var matched: [Int]?
    var position = 0
    while true {
      if matched == nil {
        addThread(&current, pc: 0, state: fresh, at: position, count: characters.count)
      }
      // Without threads, and with a match found, nothing can change it.
      if current.isEmpty && matched != nil { break }
      next.clear()
      let character = position < characters.count ? characters[position] : nil
      let variants = folded.isEmpty || character == nil ? [] : folded[position]
      threads: for (pc, state) in current.threads {
        let reads: Bool
        switch program[pc] {
        case .match:
          matched = state
          // Every thread after this one has a lower priority: the match stands.
          break threads
        case .character(let expected):
          reads = character.map { $0 == expected || variants.contains(expected) } ?? false
        case .any:
          reads = character.map { !$0.isNewline } ?? false
        case .set(let set):
          reads = character.map { set.contains($0, variants: variants) } ?? false
        default:
          reads = false
        }
        if reads {
          addThread(&next, pc: pc + 1, state: state, at: position + 1, count: characters.count)
        }
      }
      if position == characters.count { break }
      swap(&current, &next)
      position += 1
    }
    guard let matched else { return nil }
    var ranges: [Range<String.Index>?] = []
    for group in 0...groupCount {
      let (start, end) = (matched[2 * group], matched[2 * group + 1])
      ranges.append(start >= 0 && end >= start ? indices[start]..<indices[end] : nil)
    }
    return Match(ranges: ranges, text: text, names: groupNames)
  }

  /// Adds the thread at `pc` and every thread it reaches without reading a character, in
  /// priority order, each instruction once per position.
  private func addThread(
    _ list: inout ThreadList, pc start: Int, state: [Int], at position: Int, count: Int
  ) {
    var stack: [(Int, [Int])] = [(start, state)]
    while let (pc, state) = stack.popLast() {
      // An instruction is visited once per position for each count of the loops around it
      // whose iteration has read nothing yet: threads alike in that count go on alike (an
      // empty iteration can only end its loop), so the first, of the highest priority, stands
      // for all. Those loops are always the innermost ones, as an inner iteration begins no
      // earlier than the outer one around it.
      var fresh = 0
      var loop = loopOf[pc]
      while loop >= 0 && state[2 * (groupCount + 1) + loop] == position {
        fresh += 1
        loop = enclosingLoop[loop]
      }
      guard list.mark(markStart[pc] + fresh) else { continue }
      switch program[pc] {
      case .jump(let target):
        stack.append((target, state))
      case .split(let first, let second):
        stack.append((second, state))
        stack.append((first, state))
      case .save(let slot):
        var state = state
        state[slot] = position
        stack.append((pc + 1, state))
      case .setRegister(let register):
        var state = state
        state[2 * (groupCount + 1) + register] = position
        stack.append((pc + 1, state))
      case .unlessEmpty(let register, let exit):
        // An iteration that read nothing ends the loop, as a backtracking engine ends it.
        let entered = state[2 * (groupCount + 1) + register]
        stack.append((entered == position ? exit : pc + 1, state))
      case .start:
        if position == 0 { stack.append((pc + 1, state)) }
      case .end:
        if position == count { stack.append((pc + 1, state)) }
      case .match, .character, .any, .set:
        list.threads.append((pc, state))
      }
    }
  }
}

extension LinearRegex {
  /// One instruction of the program.
  enum Instruction: Sendable {
    /// Reads this character.
    case character(Character)
    /// Reads any character but a line end.
    case any
    /// Reads a character of the set.
    case set(CharacterClass)
    /// Goes on at both, the first with the higher priority.
    case split(Int, Int)
    /// Goes on there.
    case jump(Int)
    /// Notes the position in a group's slot.
    case save(Int)
    /// Notes the position where a loop's iteration began.
    case setRegister(Int)
    /// Goes on at the next instruction unless the iteration begun at the register read nothing,
    /// else at `exit`.
    case unlessEmpty(Int, exit: Int)
    /// Holds at the text's start.
    case start
    /// Holds at the text's end.
    case end
    /// The pattern matched.
    case match
  }

  /// The threads at one position, in priority order, and which instructions it has visited.
  struct ThreadList {
    var threads: [(Int, [Int])] = []
    private var marked: [Bool]
    private var visited: [Int] = []

    init(capacity: Int) {
      marked = [Bool](repeating: false, count: capacity)
    }

    var isEmpty: Bool { threads.isEmpty }

    /// Marks a visit; false when it already was.
    mutating func mark(_ visit: Int) -> Bool {
      if marked[visit] { return false }
      marked[visit] = true
      visited.append(visit)
      return true
    }

    mutating func clear() {
      for visit in visited { marked[visit] = false }
      visited.removeAll(keepingCapacity: true)
      threads.removeAll(keepingCapacity: true)
    }
  }
}
