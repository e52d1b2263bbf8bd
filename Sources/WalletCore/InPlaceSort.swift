/// An unstable sort that needs no memory beyond the buffer it sorts: introsort (quicksort with
/// a median of three, insertion sort for short runs, heapsort when the partitions go badly).
///
/// The standard library's sort is stable, and for that allocates a buffer as large as the
/// input; sorting the keys of millions of transactions, that buffer set the batch's peak memory.
/// Order among equal elements is unspecified, so use it where no two elements compare equal or
/// where their order does not matter.
enum InPlaceSort {
  /// Runs this short are finished by insertion sort.
  static let insertionSortLimit = 16

  /// Sorts `elements` by `areInIncreasingOrder`, a strict weak ordering. `depthLimit` is how many
  /// levels of partitioning are allowed before heapsort takes over; nil allows the usual
  /// 2 × log2(count).
  static func sort<Element>(
    _ elements: UnsafeMutableBufferPointer<Element>, depthLimit: Int? = nil,
    by areInIncreasingOrder: (Element, Element) -> Bool
  ) {
    guard elements.count > 1 else { return }
    let limit = depthLimit ?? 2 * (Int.bitWidth - elements.count.leadingZeroBitCount)
    introsort(elements, 0, elements.count, depth: limit, areInIncreasingOrder)
  }

  private static func introsort<Element>(
    _ elements: UnsafeMutableBufferPointer<Element>, _ low: Int, _ high: Int, depth: Int,
    _ less: (Element, Element) -> Bool
  ) {
    var low = low
    var high = high
    var depth = depth
    while high - low > insertionSortLimit {
      if depth == 0 {
        heapsort(elements, low, high, less)
        return
      }
      depth -= 1
      let split = partition(elements, low, high, less)
      // Recursing into the smaller side keeps the stack at log2(count) frames.
      if split - low < high - split {
        introsort(elements, low, split, depth: depth, less)
        low = split
      } else {
        introsort(elements, split, high, depth: depth, less)
        high = split
      }
    }
    insertionSort(elements, low, high, less)
  }

  /// Hoare's partition of `low..<high` around the median of its first, middle and last
  /// elements; returns `split`, with every element before it not after any element from it on,
  /// and `low < split < high`.
  private static func partition<Element>(
    _ elements: UnsafeMutableBufferPointer<Element>, _ low: Int, _ high: Int,
    _ less: (Element, Element) -> Bool
  ) -> Int {
    let middle = low + (high - low) / 2
    let last = high - 1
    if less(elements[middle], elements[low]) { elements.swapAt(middle, low) }
    if less(elements[last], elements[middle]) {
      elements.swapAt(last, middle)
      if less(elements[middle], elements[low]) { elements.swapAt(middle, low) }
    }
    let pivot = elements[middle]
    var left = low - 1
    var right = high
    while true {
      repeat { left += 1 } while less(elements[left], pivot)
      repeat { right -= 1 } while less(pivot, elements[right])
      if left >= right { return right + 1 }
      elements.swapAt(left, right)
    }
  }

  private static func insertionSort<Element>(
    _ elements: UnsafeMutableBufferPointer<Element>, _ low: Int, _ high: Int,
    _ less: (Element, Element) -> Bool
  ) {
    guard high - low > 1 else { return }
    for index in (low + 1)..<high {
      let element = elements[index]
      var position = index
      while position > low && less(element, elements[position - 1]) {
        elements[position] = elements[position - 1]
        position -= 1
      }
      elements[position] = element
    }
  }

  private static func heapsort<Element>(
    _ elements: UnsafeMutableBufferPointer<Element>, _ low: Int, _ high: Int,
    _ less: (Element, Element) -> Bool
  ) {
    let count = high - low
    func siftDown(_ start: Int, _ end: Int) {
      var root = start
      while true {
        var child = 2 * root + 1
        guard child < end else { return }
        if child + 1 < end && less(elements[low + child], elements[low + child + 1]) {
          child += 1
        }
        guard less(elements[low + root], elements[low + child]) else { return }
        elements.swapAt(low + root, low + child)
        root = child
      }
    }
    for start in stride(from: count / 2 - 1, through: 0, by: -1) {
      siftDown(start, count)
    }
    for end in stride(from: count - 1, to: 0, by: -1) {
      elements.swapAt(low, low + end)
      siftDown(0, end)
    }
  }
}
