/**
 * One class of every Weaviate data type, and one object filling each property: text, int, number,
 * boolean, date, uuid, geo coordinates, phone number, blob, their arrays (with empty lists), nested
 * objects and lists of them, and a reference to `target`. The round-trip specs write it over one
 * transport and read it over another.
 */
import { PropertyDefinition } from './fixtures'

/** The properties of the all-types class; `ref` points at the class `target`. */
export const allTypesProperties = (target: string): readonly PropertyDefinition[] => [
  { name: 'text', dataType: ['text'] },
  { name: 'texts', dataType: ['text[]'] },
  { name: 'int', dataType: ['int'] },
  { name: 'ints', dataType: ['int[]'] },
  { name: 'number', dataType: ['number'] },
  { name: 'numbers', dataType: ['number[]'] },
  { name: 'boolean', dataType: ['boolean'] },
  { name: 'booleans', dataType: ['boolean[]'] },
  { name: 'date', dataType: ['date'] },
  { name: 'dates', dataType: ['date[]'] },
  { name: 'uuid', dataType: ['uuid'] },
  { name: 'uuids', dataType: ['uuid[]'] },
  { name: 'geo', dataType: ['geoCoordinates'] },
  { name: 'phone', dataType: ['phoneNumber'] },
  { name: 'blob', dataType: ['blob'] },
  { name: 'emptyTexts', dataType: ['text[]'] },
  { name: 'emptyInts', dataType: ['int[]'] },
  { name: 'emptyNumbers', dataType: ['number[]'] },
  {
    name: 'nested',
    dataType: ['object'],
    nestedProperties: [
      { name: 'label', dataType: ['text'] },
      { name: 'count', dataType: ['int'] },
      { name: 'weights', dataType: ['number[]'] },
      { name: 'inner', dataType: ['object'], nestedProperties: [{ name: 'flag', dataType: ['boolean'] }] },
    ],
  },
  { name: 'nestedList', dataType: ['object[]'], nestedProperties: [{ name: 'label', dataType: ['text'] }, { name: 'count', dataType: ['int'] }] },
  { name: 'ref', dataType: [target] },
]

/** An object with every property of {@link allTypesProperties} set; `ref` points at `targetId`. */
export const allTypesObject = (target: string, targetId: string): Record<string, unknown> => ({
  text: 'Grüße, 世界 "quoted"',
  texts: ['a', '', 'ü'],
  int: 9_007_199_254_740_991,
  ints: [1, -2, 3_000_000_000],
  number: 0.1,
  numbers: [0.1, -2.5, 1e-7],
  boolean: false,
  booleans: [true, false],
  date: '2024-02-29T12:34:56.789+02:00',
  dates: ['2024-01-01T00:00:00Z', '2025-06-30T23:59:59.5+02:00'],
  uuid: '6ba7b811-9dad-11d1-80b4-00c04fd430c8',
  uuids: ['6ba7b811-9dad-11d1-80b4-00c04fd430c8', '00000000-0000-4000-8000-000000000000'],
  geo: { latitude: 52.3676, longitude: -4.9041 },
  phone: { input: '020 123 4567', defaultCountry: 'nl' },
  blob: Buffer.from('binary \u0000 data').toString('base64'),
  emptyTexts: [],
  emptyInts: [],
  emptyNumbers: [],
  nested: { label: 'n', count: 7, weights: [1, 2.5], inner: { flag: true } },
  nestedList: [
    { label: 'x', count: 1 },
    { label: 'y', count: 2 },
  ],
  ref: [{ beacon: `weaviate://localhost/${target}/${targetId}` }],
})
