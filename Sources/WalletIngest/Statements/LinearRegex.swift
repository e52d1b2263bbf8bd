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

/// One instruction of the program.
private enum Instruction: Sendable {
  /// Reads this character.
  case character(Character)
  /// Reads any character but a line end.
  case any
  /// Reads a character of the set.
  case set(CharacterSet)
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
private struct ThreadList {
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

/// A character class: its items, and whether it is negated.
private struct CharacterSet: Sendable {
  enum Item: Sendable {
    case character(Character)
    case range(Unicode.Scalar, Unicode.Scalar)
    case digit(negated: Bool)
    case space(negated: Bool)
    case word(negated: Bool)
  }

  var items: [Item]
  var negated: Bool

  func contains(_ character: Character, variants: [Character]) -> Bool {
    let found = holds(character) || variants.contains(where: holds)
    return found != negated
  }

  private func holds(_ character: Character) -> Bool {
    items.contains { item in
      switch item {
      case .character(let member): character == member
      case .range(let low, let high):
        character.unicodeScalars.count == 1
          && (low...high).contains(character.unicodeScalars.first!)
      case .digit(let negated): CharacterSet.isDigit(character) != negated
      case .space(let negated): character.isWhitespace != negated
      case .word(let negated): CharacterSet.isWord(character) != negated
      }
    }
  }

  /// `\d` as `Regex` reads it on characters: any number.
  static func isDigit(_ character: Character) -> Bool { character.isNumber }

  /// `\w` as `Regex` reads it on characters: a letter, a number or `_`.
  static func isWord(_ character: Character) -> Bool {
    character.isLetter || character.isNumber || character == "_"
  }
}

/// The other cases of a character, for matching regardless of case.
private enum CaseFolding {
  static func variants(_ character: Character) -> [Character] {
    var found: [Character] = []
    for text in [character.lowercased(), character.uppercased()] where text.count == 1 {
      let variant = Character(text)
      if variant != character && !found.contains(variant) { found.append(variant) }
    }
    return found
  }
}

/// The parsed pattern.
private indirect enum Node {
  case empty
  case character(Character)
  case any
  case set(CharacterSet)
  case start
  case end
  case group(Int, Node)
  case concatenation([Node])
  case alternation([Node])
  case repeated(Node, minimum: Int, maximum: Int?, lazy: Bool)
}

/// Reads a pattern into a `Node`, refusing what the engine does not do.
private struct Parser {
  let characters: [Character]
  var offset = 0
  var groupCount = 0
  var groupNames: [String: Int] = [:]

  init(_ characters: [Character]) {
    self.characters = characters
  }

  private var peek: Character? { offset < characters.count ? characters[offset] : nil }

  private func refused(_ problem: LinearRegexError.Problem, at offset: Int? = nil)
    -> LinearRegexError
  {
    LinearRegexError(problem: problem, offset: offset ?? self.offset)
  }

  mutating func parseWhole() throws(LinearRegexError) -> Node {
    let node = try parseAlternation()
    if offset < characters.count {
      throw refused(.unmatchedClose)
    }
    return node
  }

  private mutating func parseAlternation() throws(LinearRegexError) -> Node {
    var branches = [try parseConcatenation()]
    while peek == "|" {
      offset += 1
      branches.append(try parseConcatenation())
    }
    return branches.count == 1 ? branches[0] : .alternation(branches)
  }

  private mutating func parseConcatenation() throws(LinearRegexError) -> Node {
    var items: [Node] = []
    while let character = peek, character != "|", character != ")" {
      let atomStart = offset
      let atom = try parseAtom()
      items.append(try parseQuantifiers(atom, start: atomStart))
    }
    if items.isEmpty { return .empty }
    return items.count == 1 ? items[0] : .concatenation(items)
  }

  private mutating func parseQuantifiers(_ atom: Node, start: Int) throws(LinearRegexError)
    -> Node
  {
    guard let bounds = try parseQuantifier() else { return atom }
    switch atom {
    case .start, .end:
      throw refused(.nothingToRepeat, at: start)
    default:
      break
    }
    var lazy = false
    if peek == "?" {
      lazy = true
      offset += 1
    } else if peek == "+" {
      throw refused(.possessiveRepeat)
    }
    if let next = peek, "*+?".contains(next) || (next == "{" && looksLikeQuantifier()) {
      throw refused(.repeatOfRepeat)
    }
    return .repeated(atom, minimum: bounds.0, maximum: bounds.1, lazy: lazy)
  }

  /// Whether `{` at the current offset begins `{m}`, `{m,}`, `{m,n}` or `{,n}`.
  private func looksLikeQuantifier() -> Bool {
    var cursor = offset + 1
    var sawDigit = false
    var sawComma = false
    while cursor < characters.count {
      let character = characters[cursor]
      if character == "}" { return sawDigit }
      if character == ",", !sawComma {
        sawComma = true
      } else if !character.isASCII || !character.isWholeNumber {
        return false
      } else {
        sawDigit = true
      }
      cursor += 1
    }
    return false
  }

  private mutating func parseQuantifier() throws(LinearRegexError) -> (Int, Int?)? {
    switch peek {
    case "*":
      offset += 1
      return (0, nil)
    case "+":
      offset += 1
      return (1, nil)
    case "?":
      offset += 1
      return (0, 1)
    case "{" where looksLikeQuantifier():
      let open = offset
      offset += 1
      let minimum = try parseCount() ?? 0
      var maximum: Int? = minimum
      if peek == "," {
        offset += 1
        maximum = try parseCount()
      }
      offset += 1  // "}"
      if let maximum, maximum < minimum {
        throw refused(.minimumAboveMaximum, at: open)
      }
      return (minimum, maximum)
    default:
      return nil
    }
  }

  private mutating func parseCount() throws(LinearRegexError) -> Int? {
    let start = offset
    var value = 0
    while let character = peek, character.isASCII, let digit = character.wholeNumberValue {
      value = min(value * 10 + digit, LinearRegex.maximumRepeat + 1)
      offset += 1
    }
    if offset == start { return nil }
    if value > LinearRegex.maximumRepeat {
      throw refused(.repeatCountTooLarge, at: start)
    }
    return value
  }

  private mutating func parseAtom() throws(LinearRegexError) -> Node {
    let character = characters[offset]
    switch character {
    case "(":
      return try parseGroup()
    case "[":
      return .set(try parseClass())
    case ".":
      offset += 1
      return .any
    case "^":
      offset += 1
      return .start
    case "$":
      offset += 1
      return .end
    case "\\":
      return try parseEscape()
    case "*", "+", "?":
      throw refused(.nothingToRepeat)
    case "{" where looksLikeQuantifier():
      throw refused(.nothingToRepeat)
    case "{":
      throw refused(.braceBeginsNoRepeat)
    default:
      offset += 1
      return .character(character)
    }
  }

  private mutating func parseGroup() throws(LinearRegexError) -> Node {
    let open = offset
    offset += 1
    var number: Int? = nil
    if peek == "?" {
      offset += 1
      switch peek {
      case ":":
        offset += 1
      case "<" where offset + 1 < characters.count && !"=!".contains(characters[offset + 1]):
        offset += 1
        let nameStart = offset
        while let character = peek, character != ">" {
          guard character.isASCII, character.isLetter || character.isNumber || character == "_"
          else { throw refused(.badGroupName) }
          offset += 1
        }
        guard peek == ">", offset > nameStart, !characters[nameStart].isNumber else {
          throw refused(.badGroupName, at: nameStart)
        }
        let name = String(characters[nameStart..<offset])
        offset += 1
        guard groupNames[name] == nil else {
          throw refused(.repeatedGroupName, at: nameStart)
        }
        groupCount += 1
        number = groupCount
        groupNames[name] = groupCount
      case "=", "!", "<":
        throw refused(.lookaround, at: open)
      case ">":
        throw refused(.atomicGroup, at: open)
      default:
        throw refused(
          .otherGroup, at: open)
      }
    } else {
      groupCount += 1
      number = groupCount
    }
    let inner = try parseAlternation()
    guard peek == ")" else { throw refused(.unclosedGroup, at: open) }
    offset += 1
    if let number { return .group(number, inner) }
    return inner
  }

  /// The escape at the offset: a class shorthand, a control character, or punctuation.
  private mutating func parseEscape() throws(LinearRegexError) -> Node {
    switch try parseEscapedItem() {
    case .character(let character): .character(character)
    case let item: .set(CharacterSet(items: [item], negated: false))
    }
  }

  private mutating func parseEscapedItem() throws(LinearRegexError)
    -> CharacterSet.Item
  {
    let backslash = offset
    offset += 1
    guard let character = peek else {
      throw refused(.loneBackslash, at: backslash)
    }
    offset += 1
    switch character {
    case "d": return .digit(negated: false)
    case "D": return .digit(negated: true)
    case "s": return .space(negated: false)
    case "S": return .space(negated: true)
    case "w": return .word(negated: false)
    case "W": return .word(negated: true)
    case "t": return .character("\t")
    case "n": return .character("\n")
    case "r": return .character("\r")
    case "f": return .character("\u{0C}")
    case _ where character.isASCII && character.isNumber:
      throw refused(.backreference, at: backslash)
    case "k", "g":
      throw refused(.backreference, at: backslash)
    case _ where character.isASCII && (character.isLetter || character.isNumber):
      let escape = "\\\(character)"
      throw refused(.unsupportedEscape(escape), at: backslash)
    default:
      // Escaped punctuation, or any other character, stands for itself.
      return .character(character)
    }
  }

  private mutating func parseClass() throws(LinearRegexError) -> CharacterSet {
    let open = offset
    offset += 1
    var negated = false
    if peek == "^" {
      negated = true
      offset += 1
    }
    var items: [CharacterSet.Item] = []
    var first = true
    while true {
      guard let character = peek else {
        throw refused(.unclosedClass, at: open)
      }
      if character == "]" {
        if first { throw refused(.emptyClass) }
        offset += 1
        break
      }
      first = false
      if character == "[" {
        throw refused(
          .nestedClass)
      }
      let itemStart = offset
      let item: CharacterSet.Item
      if character == "\\" {
        item = try parseEscapedItem()
      } else {
        offset += 1
        item = .character(character)
      }
      // A range: `a-z`, unless the `-` is last (`[a-]`).
      if case .character(let low) = item, peek == "-", offset + 1 < characters.count,
        characters[offset + 1] != "]"
      {
        offset += 1
        let highStart = offset
        let highItem: CharacterSet.Item
        if characters[offset] == "\\" {
          highItem = try parseEscapedItem()
        } else if characters[offset] == "[" {
          throw refused(.nestedClass)
        } else {
          highItem = .character(characters[offset])
          offset += 1
        }
        guard case .character(let high) = highItem, low.unicodeScalars.count == 1,
          high.unicodeScalars.count == 1
        else {
          throw refused(.rangeNotBetweenCharacters, at: itemStart)
        }
        let (lowScalar, highScalar) = (low.unicodeScalars.first!, high.unicodeScalars.first!)
        guard lowScalar <= highScalar else {
          throw refused(.reversedRange, at: highStart)
        }
        items.append(.range(lowScalar, highScalar))
        continue
      }
      items.append(item)
    }
    return CharacterSet(items: items, negated: negated)
  }
}

/// Writes a `Node` out as instructions.
private struct Compiler {
  var program: [Instruction] = []
  var registerCount = 0
  var loopOf: [Int] = []
  /// For each loop's register, the register of the loop around it; -1 for an outermost loop.
  var enclosingLoop: [Int] = []
  /// The registers of the loops being written, innermost last.
  private var loops: [Int] = []

  mutating func append(_ instruction: Instruction) {
    program.append(instruction)
    loopOf.append(loops.last ?? -1)
  }

  private mutating func placeholder() throws(LinearRegexError) -> Int {
    guard program.count < LinearRegex.maximumProgram else {
      throw LinearRegexError(problem: .tooLong, offset: 0)
    }
    append(.match)
    return program.count - 1
  }

  private mutating func add(_ instruction: Instruction) throws(LinearRegexError) {
    let index = try placeholder()
    program[index] = instruction
  }

  mutating func emit(_ node: Node) throws(LinearRegexError) {
    switch node {
    case .empty:
      break
    case .character(let character):
      try add(.character(character))
    case .any:
      try add(.any)
    case .set(let set):
      try add(.set(set))
    case .start:
      try add(.start)
    case .end:
      try add(.end)
    case .group(let number, let inner):
      try add(.save(2 * number))
      try emit(inner)
      try add(.save(2 * number + 1))
    case .concatenation(let items):
      for item in items { try emit(item) }
    case .alternation(let branches):
      var jumps: [Int] = []
      for (index, branch) in branches.enumerated() {
        if index == branches.count - 1 {
          try emit(branch)
        } else {
          let split = try placeholder()
          try emit(branch)
          jumps.append(try placeholder())
          program[split] = .split(split + 1, program.count)
        }
      }
      for jump in jumps { program[jump] = .jump(program.count) }
    case .repeated(let inner, let minimum, let maximum, let lazy):
      if maximum == nil, minimum > 0 {
        // `e{m,}`: m - 1 copies, then `e+` as one loop, so that nested `+` never doubles.
        // Regex counts to m in that loop, and an iteration that reads nothing ends it as
        // though m were reached: so does a copy that reads nothing here.
        var copies: [(register: Int, check: Int)] = []
        for _ in 1..<minimum {
          let register = newRegister()
          try add(.setRegister(register))
          loops.append(register)
          try emit(inner)
          copies.append((register, try placeholder()))
          loops.removeLast()
        }
        try emitLoop(inner, lazy: lazy, once: true)
        for copy in copies {
          program[copy.check] = .unlessEmpty(copy.register, exit: program.count)
        }
        return
      }
      for _ in 0..<minimum { try emit(inner) }
      if let maximum {
        // Each optional copy inside the one before: `(e(e)?)?`.
        var splits: [Int] = []
        for _ in minimum..<maximum {
          splits.append(try placeholder())
          try emit(inner)
        }
        for split in splits {
          program[split] =
            lazy ? .split(program.count, split + 1) : .split(split + 1, program.count)
        }
      } else {
        try emitLoop(inner, lazy: lazy)
      }
    }
  }

  /// A register for a new loop inside the loops being written.
  private mutating func newRegister() -> Int {
    enclosingLoop.append(loops.last ?? -1)
    registerCount += 1
    return registerCount - 1
  }

  /// `e*`, or with `once` `e+`: each iteration notes where it began, and one that read nothing
  /// ends the loop, as a backtracking engine ends it.
  private mutating func emitLoop(_ inner: Node, lazy: Bool, once: Bool = false)
    throws(LinearRegexError)
  {
    let register = newRegister()
    if once {
      // body: note; e; end if empty; split(body, exit)
      let body = program.count
      try add(.setRegister(register))
      loops.append(register)
      try emit(inner)
      let check = try placeholder()
      loops.removeLast()
      let split = try placeholder()
      let exit = program.count
      program[check] = .unlessEmpty(register, exit: exit)
      program[split] = lazy ? .split(exit, body) : .split(body, exit)
      return
    }
    // split(body, exit); body: note; e; end if empty; jump split
    let split = try placeholder()
    try add(.setRegister(register))
    loops.append(register)
    try emit(inner)
    let check = try placeholder()
    loops.removeLast()
    try add(.jump(split))
    let exit = program.count
    program[check] = .unlessEmpty(register, exit: exit)
    program[split] = lazy ? .split(exit, split + 1) : .split(split + 1, exit)
  }
}
