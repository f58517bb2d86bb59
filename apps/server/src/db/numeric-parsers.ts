/** bigint (20) and numeric (1700) as JS numbers: counts and sums here stay far below 2^53. */
export const numericParsers = {
  20: (v: string) => Number(v),
  1700: (v: string) => Number(v),
};
