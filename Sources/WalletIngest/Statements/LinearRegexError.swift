/// Why a pattern is refused, and where: `offset` counts the pattern's characters from 0. The
/// command line words it.
package struct LinearRegexError: Error, Sendable, Equatable {
  /// What is wrong.
  package enum Problem: Sendable, Equatable {
    /// A `)` that closes no group.
    case unmatchedClose
    /// A repeat with nothing before it.
    case nothingToRepeat
    /// A possessive repeat (`a*+`).
    case possessiveRepeat
    /// A repeat right after another (`a**`).
    case repeatOfRepeat
    /// `{m,n}` with m above n.
    case minimumAboveMaximum
    /// A repeat count above `LinearRegex.maximumRepeat`.
    case repeatCountTooLarge
    /// A `{` that is no repeat count.
    case braceBeginsNoRepeat
    /// A group's name with other characters.
    case badGroupName
    /// Two groups of one name.
    case repeatedGroupName
    /// A lookahead or lookbehind.
    case lookaround
    /// An atomic group.
    case atomicGroup
    /// Inline options or another `(?` group.
    case otherGroup
    /// A group that is never closed.
    case unclosedGroup
    /// A lone `\\` at the end.
    case loneBackslash
    /// A backreference.
    case backreference
    /// An escape of a letter or digit that is not supported, as written (`\\d`).
    case unsupportedEscape(String)
    /// A character class that is never closed.
    case unclosedClass
    /// `[]`.
    case emptyClass
    /// A class inside a class.
    case nestedClass
    /// A range whose end is no single character.
    case rangeNotBetweenCharacters
    /// A range such as `z-a`.
    case reversedRange
    /// More instructions than `LinearRegex.maximumProgram` once repeats are written out.
    case tooLong
  }

  /// What is wrong.
  package let problem: Problem
  /// The offending character's position in the pattern.
  package let offset: Int
}
