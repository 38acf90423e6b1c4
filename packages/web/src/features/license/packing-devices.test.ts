import { describe, expect, it } from 'vitest';
import { deviceErrors, devicesWithMac, packingDevices, resultsAsText } from './packing-devices';

describe('licensing a packing list’s devices', () => {
  const rows = packingDevices([
    { pl_name: 'Sensor hub', pl_serial: ' SN1 \n\n SN2\r\n' },
    { pl_name: 'Cable', pl_serial: '' },
    { pl_name: 'Modem box', pl_serial: 'MB1\n356938035643809\nMB2\n356938035643810', pl_serial_count: 1, has_modem: 1 },
  ]);

  it('lists one row per unit, trimmed, blanks dropped, a modem unit with its IMEI (never as a device)', () => {
    expect(rows).toEqual([
      { product: 'Sensor hub', serial: 'SN1' },
      { product: 'Sensor hub', serial: 'SN2' },
      { product: 'Modem box', serial: 'MB1', imei: '356938035643809' },
      { product: 'Modem box', serial: 'MB2', imei: '356938035643810' },
    ]);
  });

  it('licenses only the rows with a MAC, upper-cased, keeping their serial', () => {
    expect(devicesWithMac(rows, { 0: ' 00:1a:2b:3c:4d:5e ', 2: '001A2B3C4D5F', 3: '  ' })).toEqual([
      { row: 0, mac: '00:1A:2B:3C:4D:5E', serial: 'SN1' },
      { row: 2, mac: '001A2B3C4D5F', serial: 'MB1' },
    ]);
  });

  it('copies results as serial, MAC and key per line', () => {
    expect(resultsAsText([{ serial: 'SN1', mac: 'M', license: 'K' }])).toBe('SN1\tM\tK');
  });

  it("puts a device's error on the row it came from and the rest in the message", () => {
    const devices = [{ row: 2 }, { row: 5 }];
    expect(deviceErrors({ 'devices.1.mac': 'Please enter a valid MAC address' }, devices, 'Bad request')).toEqual({
      byRow: { 5: 'Please enter a valid MAC address' },
      message: 'Bad request',
    });
    expect(deviceErrors({ dealer_id: 'Dealer not found' }, devices, 'Bad request')).toEqual({
      byRow: {},
      message: 'Dealer not found',
    });
  });
});
