// Writing a parsed pattern out as the program the Pike VM runs.

extension LinearRegex {
  /// Writes a `Node` out as instructions.
  struct Compiler {
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
}
