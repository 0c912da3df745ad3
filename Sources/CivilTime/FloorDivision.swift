extension BinaryInteger {
  /// The quotient rounded down, toward negative infinity, where `/` rounds toward zero: the day of an instant
  /// before 1970 is `seconds.dividedRoundingDown(by: 86_400)`.
  ///
  ///     (-1).dividedRoundingDown(by: 86_400)   // -1 (`-1 / 86_400` is 0)
  @inlinable
  public func dividedRoundingDown(by divisor: Self) -> Self {
    let quotient = self / divisor
    return self % divisor < 0 ? quotient - 1 : quotient
  }

  /// The remainder of ``dividedRoundingDown(by:)``: never negative for a positive divisor.
  ///
  ///     (-1).modulo(7)   // 6 (`-1 % 7` is -1)
  @inlinable
  public func modulo(_ divisor: Self) -> Self {
    let remainder = self % divisor
    return remainder < 0 ? remainder + divisor : remainder
  }
}
