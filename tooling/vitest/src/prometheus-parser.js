// The parser ships no types: this re-export carries them (prometheus-parser.d.ts).
export { default } from 'parse-prometheus-text-format';
