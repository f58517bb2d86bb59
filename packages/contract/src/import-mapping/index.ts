export {
  type ColumnGuess,
  type GuessConfidence,
  guessMapping,
  type MappingGuess,
  type SampleCell,
} from './guess';
export { headerKey, headerWords } from './header-words';
export { COLUMN_SYNONYMS } from './synonyms';
export {
  type ColumnProfile,
  type DateOrder,
  type DateOrderReading,
  type DecimalMark,
  type DecimalReading,
  dateSpelling,
  numberValue,
  parseNumber,
  profileColumn,
  readDateOrder,
  readDecimalMark,
  SAMPLE_ROWS,
  type ValueShape,
} from './value-shapes';
