// Reading a pattern: its character classes, case folding, and the parser that refuses what
// the engine does not do.

extension LinearRegex {
  /// A character class: its items, and whether it is negated.
  struct CharacterClass: Sendable {
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
        case .digit(let negated): CharacterClass.isDigit(character) != negated
        case .space(let negated): character.isWhitespace != negated
        case .word(let negated): CharacterClass.isWord(character) != negated
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
  enum CaseFolding {
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
  indirect enum Node {
    case empty
    case character(Character)
    case any
    case set(CharacterClass)
    case start
    case end
    case group(Int, Node)
    case concatenation([Node])
    case alternation([Node])
    case repeated(Node, minimum: Int, maximum: Int?, lazy: Bool)
  }

  /// Reads a pattern into a `Node`, refusing what the engine does not do.
  struct Parser {
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
      case let item: .set(CharacterClass(items: [item], negated: false))
      }
    }

    private mutating func parseEscapedItem() throws(LinearRegexError)
      -> CharacterClass.Item
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

    private mutating func parseClass() throws(LinearRegexError) -> CharacterClass {
      let open = offset
      offset += 1
      var negated = false
      if peek == "^" {
        negated = true
        offset += 1
      }
      var items: [CharacterClass.Item] = []
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
        let item: CharacterClass.Item
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
          let highItem: CharacterClass.Item
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
      return CharacterClass(items: items, negated: negated)
    }
  }
}
