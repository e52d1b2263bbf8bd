/// Indices grouped by a number (a holder, a card) with a counting sort: group `g` is
/// `members[start[g]..<start[g + 1]]`, in the order given until sorted within groups.
struct Groups {
  /// Where each group starts in `members`, and (last) where they all end.
  private(set) var start: [Int]
  /// The indices, group after group.
  private(set) var members: [Int]

  /// `indices` grouped into `count` groups by `group`, a number below `count`.
  init(_ indices: [Int], count: Int, group: (Int) -> Int) {
    var start = [Int](repeating: 0, count: count + 1)
    for index in indices { start[group(index) + 1] += 1 }
    for number in 0..<count { start[number + 1] += start[number] }
    var next = start
    var members = [Int](repeating: 0, count: indices.count)
    for index in indices {
      let number = group(index)
      members[next[number]] = index
      next[number] += 1
    }
    self.start = start
    self.members = members
  }

  /// How many groups there are.
  var count: Int { start.count - 1 }

  /// The positions in `members` of group `number`.
  func positions(of number: Int) -> Range<Int> { start[number]..<start[number + 1] }

  /// Sorts each group by `less`, a strict total order on the indices: insertion sort for the
  /// few of one holder or card, which are often in order already.
  mutating func sortEach(by less: (Int, Int) -> Bool) {
    let start = start
    members.withUnsafeMutableBufferPointer { members in
      for number in 0..<start.count - 1 {
        let group = start[number]..<start[number + 1]
        if group.count <= InPlaceSort.insertionSortLimit {
          for position in group.dropFirst() {
            let moving = members[position]
            var hole = position
            while hole > group.lowerBound && less(moving, members[hole - 1]) {
              members[hole] = members[hole - 1]
              hole -= 1
            }
            members[hole] = moving
          }
        } else {
          InPlaceSort.sort(UnsafeMutableBufferPointer(rebasing: members[group]), by: less)
        }
      }
    }
  }
}
