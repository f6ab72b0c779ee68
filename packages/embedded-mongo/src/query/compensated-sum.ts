/**
 * A sum of doubles as mongod computes `$sum` and `$avg` (its DoubleDoubleSummation): an unevaluated
 * pair of a running sum rounded to nearest and the small remainder it lost, folded back into the
 * next addition (Dekker's Fast2Sum and Knuth's 2Sum). Ten additions of 0.1 give 1.0 (a plain loop
 * gives 0.9999999999999999) and 1e16 plus 1,500 additions of 1.0 gives 1e16 + 1500 (a plain loop
 * gives 1e16, each 1.0 being half a unit in the last place). The answer is the running sum, not
 * sum + remainder, as mongod's; additions in another order (or grouped differently) may round
 * differently, so callers add the values one by one in input order.
 */
export class CompensatedSum {
  private sum = 0;
  private addend = 0;
  /** A plain sum, answered when the compensated one became NaN (an infinity minus an infinity). */
  private special = 0;

  addDouble(value: number): void {
    this.special += value;
    // Fast2Sum of the value and the remainder (the remainder is the smaller).
    let x = value + this.addend;
    this.addend = this.addend - (x - value);
    // 2Sum of the running sum and x (either may be the larger).
    const s = this.sum + x;
    const aPrime = s - x;
    const bPrime = s - aPrime;
    x = this.sum - aPrime + (x - bPrime);
    this.sum = s;
    this.addend += x;
  }

  /** An int64, split in two doubles that each hold their part exactly. */
  addLong(value: bigint): void {
    // BigInt division truncates toward zero, as C++'s integer division mongod uses here.
    const high = (value / 2n ** 32n) * 2n ** 32n;
    this.addDouble(Number(value - high));
    this.addDouble(Number(high));
  }

  /** The running sum and its remainder, whose exact sum is the total (for a decimal answer). */
  parts(): [number, number] {
    return [this.sum, this.addend];
  }

  get double(): number {
    return Number.isNaN(this.sum) ? this.special : this.sum;
  }
}
