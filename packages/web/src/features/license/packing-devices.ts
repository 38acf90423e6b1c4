import { serialsPerUnit } from '@bpm/contract/test-checklists';

/** One device (unit) of a packing list: its first serial and, for a modem product, its IMEI. */
export interface DeviceRow {
  product: string;
  serial: string;
  imei?: string;
}

/**
 * The units of a packing list's lines, in line order: each line's serials (trimmed, blanks dropped) in groups of
 * the product's serials per unit, a modem product's IMEI last in its group — so an IMEI is never a device.
 */
export function packingDevices(
  products: ReadonlyArray<{ pl_name: string; pl_serial: string; pl_serial_count?: number; has_modem?: number }>,
): DeviceRow[] {
  return products.flatMap((p) => {
    const serials = p.pl_serial
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean);
    const modem = p.has_modem === 1;
    const k = serialsPerUnit({ pl_serial_count: p.pl_serial_count ?? 1, has_modem: modem ? 1 : 0 });
    const rows: DeviceRow[] = [];
    for (let i = 0; i < serials.length; i += k) {
      const unit = serials.slice(i, i + k);
      const imei = modem && unit.length === k ? unit[k - 1] : undefined;
      rows.push({ product: p.pl_name, serial: unit[0]!, ...(imei ? { imei } : {}) });
    }
    return rows;
  });
}

/** The devices to license: the rows whose MAC was entered (trimmed, upper-case), with their row index. */
export function devicesWithMac(
  rows: DeviceRow[],
  macs: Record<number, string>,
): Array<{ row: number; mac: string; serial: string }> {
  return rows.flatMap((r, row) => {
    const mac = (macs[row] ?? '').trim().toUpperCase();
    return mac ? [{ row, mac, serial: r.serial }] : [];
  });
}

/** Tab-separated lines (serial, MAC, key) for pasting into a spreadsheet. */
export const resultsAsText = (rows: ReadonlyArray<{ serial: string; mac: string; license: string }>) =>
  rows.map((r) => `${r.serial}\t${r.mac}\t${r.license}`).join('\n');

/**
 * A refused batch's errors: `devices.{i}.mac` on the row device i came from; the rest (the packing list's order or
 * dealer gone) has no field here, so its words (else the answer's message) are the form's message.
 */
export function deviceErrors(
  fieldErrors: Record<string, string>,
  devices: ReadonlyArray<{ row: number }>,
  fallback: string,
): { byRow: Record<number, string>; message: string } {
  const byRow: Record<number, string> = {};
  const other: string[] = [];
  for (const [key, msg] of Object.entries(fieldErrors)) {
    const m = /^devices\.(\d+)\.mac$/.exec(key);
    const d = m ? devices[Number(m[1])] : undefined;
    if (d) byRow[d.row] = msg;
    else other.push(msg);
  }
  return { byRow, message: other.length ? other.join(' ') : fallback };
}
