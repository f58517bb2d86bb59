/**
 * Numbers as a `numeric` column stores them, and their sums kept as exact as PostgreSQL's: a value is
 * `units` × 10^-`scale`, `units` a safe integer or, past that, a bigint.
 */
export interface Decimal {
  units: number | bigint;
  scale: number;
}

const pow10 = (n: number) => 10n ** BigInt(n);

/** A spelling of a number (digits, a point, an exponent: String(v)) as an exact decimal. */
function parseDecimal(text: string): Decimal {
  const [mantissa = '', exponent = '0'] = text.split('e');
  const point = mantissa.indexOf('.');
  const digits = point < 0 ? mantissa : mantissa.slice(0, point) + mantissa.slice(point + 1);
  const scale = (point < 0 ? 0 : mantissa.length - point - 1) - Number(exponent);
  const units = BigInt(digits);
  return scale < 0 ? { units: units * pow10(-scale), scale: 0 } : { units, scale };
}

/**
 * The decimal a double is stored as when written as COPY text, its shortest spelling (String(v)).
 * Without building that text when the decimal has at most 15 significant digits: the fewest places
 * whose rounding gives `v` back are then exactly the spelling's (a 15-digit decimal round-trips).
 */
export function decimalOf(v: number): Decimal {
  if (Number.isSafeInteger(v)) return { units: v === 0 ? 0 : v, scale: 0 };
  for (let scale = 1, p = 10; scale <= 15; scale++, p *= 10) {
    const units = Math.round(v * p);
    if (Math.abs(units) >= 1e15) break;
    if (units / p === v) return { units, scale };
  }
  return parseDecimal(String(v));
}

/** `x` with exactly `scale` places, rounded half away from zero as numeric(p, s) stores it. */
export function withScale(x: Decimal, scale: number): Decimal {
  const { units, scale: from } = x;
  if (from === scale) return x;
  if (from < scale) {
    if (typeof units === 'number') {
      const up = units * 10 ** (scale - from);
      if (Number.isSafeInteger(up)) return { units: up, scale };
    }
    return { units: BigInt(units) * pow10(scale - from), scale };
  }
  if (typeof units === 'number') {
    const p = 10 ** (from - scale);
    const rest = units % p;
    const whole = (units - rest) / p;
    return { units: Math.abs(rest) * 2 >= p ? whole + Math.sign(units) : whole, scale };
  }
  const p = pow10(from - scale);
  const rest = units % p;
  const whole = units / p;
  const away = (rest < 0n ? -rest : rest) * 2n >= p;
  return { units: away ? whole + (units < 0n ? -1n : 1n) : whole, scale };
}

/** A decimal as numeric's text gives it: every place of its scale, no exponent. */
export function decimalText({ units, scale }: Decimal): string {
  if (scale === 0) return String(units);
  const negative = units < 0;
  const digits = String(negative ? -units : units).padStart(scale + 1, '0');
  const cut = digits.length - scale;
  return `${negative ? '-' : ''}${digits.slice(0, cut)}.${digits.slice(cut)}`;
}

/** ⌊x / width⌋ (or truncated toward zero, as integer division is), for a positive width. */
export function quotient(x: Decimal, width: Decimal, truncate: boolean): number {
  // x / width = (x.units × 10^width.scale) / (width.units × 10^x.scale)
  if (typeof x.units === 'number' && typeof width.units === 'number') {
    const n = x.units * 10 ** width.scale;
    const q = width.units * 10 ** x.scale;
    if (Number.isSafeInteger(n) && Number.isSafeInteger(q)) {
      // The floating division is off by at most one either way.
      let k = Math.floor(n / q);
      if (k * q > n) k--;
      else if ((k + 1) * q <= n) k++;
      return truncate && k < 0 && k * q !== n ? k + 1 : k;
    }
  }
  const n = BigInt(x.units) * pow10(width.scale);
  const q = BigInt(width.units) * pow10(x.scale);
  const k = n / q;
  return Number(!truncate && n < 0n && k * q !== n ? k - 1n : k);
}

/** A sum of decimals, exact: a safe integer of units, with a bigint for what goes past it. */
export class ExactSum {
  private units = 0;
  private big = 0n;
  private scale = 0;
  /** Whether any value was added (a sum of none is null, as SQL's). */
  private seen = false;

  add(units: number | bigint, scale: number): void {
    this.seen = true;
    let u = units;
    if (scale > this.scale) {
      this.big = (this.big + BigInt(this.units)) * pow10(scale - this.scale);
      this.units = 0;
      this.scale = scale;
    } else if (scale < this.scale) {
      u = withScale({ units: u, scale }, this.scale).units;
    }
    if (typeof u === 'number') {
      const total = this.units + u;
      if (Number.isSafeInteger(total)) {
        this.units = total;
        return;
      }
      u = BigInt(u);
    }
    this.big += u;
  }

  addSum(other: ExactSum): void {
    if (!other.seen) return;
    this.add(other.units, other.scale);
    if (other.big !== 0n) this.add(other.big, other.scale);
  }

  /** The sum as a JS number, rounded once (as Number() of numeric's text), or null for no values. */
  value(): number | null {
    if (!this.seen) return null;
    // A division of two exact doubles rounds once too (10^22 is the largest exact power of ten).
    if (this.big === 0n && this.scale <= 22)
      return this.scale === 0 ? this.units : this.units / 10 ** this.scale;
    return Number(decimalText({ units: this.big + BigInt(this.units), scale: this.scale }));
  }
}
