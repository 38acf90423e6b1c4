/** One device row of a packing list: a serial of one of its product lines. */
export interface DeviceRow {
  product: string;
  serial: string;
}

/** Every serial of a packing list's lines (trimmed, blanks dropped), in line order, with its product. */
export function packingDevices(products: ReadonlyArray<{ pl_name: string; pl_serial: string }>): DeviceRow[] {
  return products.flatMap((p) =>
    p.pl_serial
      .split(/\r?\n/)
      .map((s) => s.trim())
      .filter(Boolean)
      .map((serial) => ({ product: p.pl_name, serial })),
  );
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
