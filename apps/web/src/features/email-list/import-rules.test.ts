import { LIMITS } from '@storecast/contract';
import { describe, expect, it } from 'vitest';
import { importFileProblem, initialTargets, mappingProblem, toMapping } from './import-rules.ts';

describe('import file check', () => {
  it('accepts the four spreadsheet types under 15 MB', () => {
    for (const name of ['a.xls', 'b.XLSX', 'c.ods', '客户.csv']) expect(importFileProblem(name, 1000)).toBeNull();
  });

  it('refuses other types and files of 15 MB or more with the contract messages', () => {
    expect(importFileProblem('list.txt', 10)).toBe('errors.import.fileType');
    expect(importFileProblem('csv', 10)).toBe('errors.import.fileType');
    expect(importFileProblem('big.csv', LIMITS.importMaxBytes)).toBe('errors.import.fileSize');
  });
});

describe('column mapping', () => {
  const columns = ['Email', 'Name', 'City', 'Notes'];

  it('starts from the suggestion and writes the contract mapping back', () => {
    const targets = initialTargets(columns, { Email: 'email', Name: 'first_name', City: 'attribute:city', Notes: 'nonsense' });
    expect(targets.Notes).toEqual({ kind: 'skip' });
    expect(toMapping(targets)).toEqual({ Email: 'email', Name: 'first_name', City: 'attribute:city', Notes: '' });
  });

  it('needs an e-mail or phone column, keys for attributes, and each field once', () => {
    expect(mappingProblem(initialTargets(columns, { Name: 'first_name' }))).toBe('errors.import.noContactColumn');
    expect(mappingProblem(initialTargets(columns, { Notes: 'phone' }))).toBeNull();
    expect(mappingProblem({ ...initialTargets(columns, { Email: 'email' }), City: { kind: 'attribute', key: ' ' } }))
      .toBe('emailList.import.attributeKeyRequired');
    expect(mappingProblem(initialTargets(columns, { Email: 'email', Notes: 'email' }))).toBe('emailList.import.fieldTwice');
  });
});
