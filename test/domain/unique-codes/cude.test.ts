import { expect } from 'chai';
import { cude, cudeConcatenation, type CudeFields } from '../../../domain/unique-codes/cude.ts';

describe('cude (reference §2.2)', () => {
  const vectors: Array<{ name: string; fields: CudeFields; concatenation: string; hash: string }> = [
    {
      name: 'credit note, PIN 12301, production (V2)',
      fields: {
        number: '8110007871', issueDate: '2019-01-12', issueTime: '07:00:00-05:00',
        lineExtensionAmount: '5000.00', ivaAmount: '950.00', incAmount: '0.00', icaAmount: '0.00', payableAmount: '5950.00',
        issuerNit: '900373076', acquirerId: '8355990', softwarePin: '12301', environment: '1',
      },
      concatenation: '81100078712019-01-1207:00:00-05:005000.0001950.00040.00030.005950.009003730768355990123011',
      hash: '907e4444decc9e59c160a2fb3b6659b33dc5b632a5008922b9a62f83f757b1c448e47f5867f2b50dbdb96f48c7681168',
    },
    {
      name: 'contingency type 03, PIN 12345, testing, payable truncated from 262.569 (V3)',
      fields: {
        number: '8110007871', issueDate: '2019-02-20', issueTime: '16:46:55-05:00',
        lineExtensionAmount: '235.28', ivaAmount: '19.00', incAmount: '0.00', icaAmount: '8.28', payableAmount: '262.569',
        issuerNit: '900373076', acquirerId: '8355990', softwarePin: '12345', environment: '2',
      },
      concatenation: '81100078712019-02-2016:46:55-05:00235.280119.00040.00038.28262.569003730768355990123452',
      hash: '955327eb55f8bdf16d069358a063d87e1577a292cb088ec186ed60bbc38e750b7b3980659b278ead789b95f9c51a9ef7',
    },
    {
      name: 'debit note with INC 8 %, PIN 10201, testing (V4)',
      fields: {
        number: 'ND1001', issueDate: '2019-01-18', issueTime: '10:58:00-05:00',
        lineExtensionAmount: '30000.00', ivaAmount: '0.00', incAmount: '2400.00', icaAmount: '0.00', payableAmount: '32400.00',
        issuerNit: '900197264', acquirerId: '10254102', softwarePin: '10201', environment: '2',
      },
      concatenation: 'ND10012019-01-1810:58:00-05:0030000.00010.00042400.00030.0032400.0090019726410254102102012',
      hash: '3fa73a86d57d9341c536afde1f85c4efd9d4591c2c22bce4dfb0e6b0d2e83b8f047a8bde7098292e9d2493e60d1c31da',
    },
  ];

  for (const vector of vectors) {
    it(`given the ${vector.name}, when computed, then concatenation and hash match`, () => {
      expect(cudeConcatenation(vector.fields)).to.equal(vector.concatenation);
      expect(cude(vector.fields)).to.equal(vector.hash);
    });
  }
});
