import { TEST_STATUS_LABELS, type TestStatus } from '@bpm/contract/orders';
import { type PackingLine, serialCountProblem } from '@bpm/contract/packingLists';
import {
  Alert,
  Autocomplete,
  Box,
  Button,
  Checkbox,
  FormControlLabel,
  Stack,
  Table,
  TableBody,
  TableCell,
  TableHead,
  TableRow,
  TextField,
} from '@mui/material';
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router';
import { useCan } from '../../api/auth-store';
import { ApiError } from '../../api/errors';
import { toast } from '../../api/notify';
import {
  downloadPackingListPdf,
  useDeletePackingList,
  usePackingList,
  usePackingOrder,
  usePackingOrders,
  useSavePackingList,
} from '../../api/packingLists';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { dateInputToUnix, formatDate, unixToDateInput } from '../../components/format';
import { PageHeader } from '../../components/PageHeader';
import { PageLoader } from '../../components/PageLoader';

interface Head {
  order_id?: number;
  po_number: string;
  shipping_date: number | null;
  customer: string;
  country: string;
  show_logo: number;
}

/** /packinglists/add and /packinglists/edit/{PackingListId} (document 2 sections 2 and 5). */
export default function PackingListEditPage() {
  const idParam = useParams().PackingListId;
  const id = idParam ? Number(idParam) : undefined;
  const existing = usePackingList(id);
  const navigate = useNavigate();
  const can = useCan();
  const [head, setHead] = useState<Head>({
    po_number: '',
    shipping_date: null,
    customer: '',
    country: '',
    show_logo: 1,
  });
  const [lines, setLines] = useState<PackingLine[]>([]);
  const [version, setVersion] = useState<number>();
  const [search, setSearch] = useState('');
  const [picked, setPicked] = useState<number>();
  const [warnings, setWarnings] = useState<string[]>([]);
  const [banner, setBanner] = useState<string>();
  const [deleting, setDeleting] = useState(false);
  const orders = usePackingOrders(search);
  const order = usePackingOrder(picked ?? head.order_id);
  const save = useSavePackingList();
  const del = useDeletePackingList();

  useEffect(() => {
    const p = existing.data;
    if (!p) return;
    setHead({
      order_id: p.order_id,
      po_number: p.po_number,
      shipping_date: p.shipping_date,
      customer: p.customer,
      country: p.country,
      show_logo: p.show_logo,
    });
    setLines(p.products);
    setVersion(p.version);
  }, [existing.data]);
  // Picking an order fills the lines; serials come from its checklists when it has them (read-only).
  useEffect(() => {
    const o = order.data;
    if (!o || !picked) return;
    setLines(o.products);
    setHead((h) => ({ ...h, order_id: o.id, customer: h.customer || o.customer, country: h.country || o.country }));
  }, [order.data, picked]);

  if (id && existing.isLoading) return <PageLoader />;
  if (id && existing.isError) return <Alert severity="error">Packing list not found</Alert>;
  const testStatus = (order.data?.test_status ?? existing.data?.test_status) as TestStatus | undefined;
  const problems = lines.map((l) => serialCountProblem(l));

  async function submit() {
    setBanner(undefined);
    if (!head.order_id) return setBanner('Please choose an order');
    try {
      const saved = await save.mutateAsync({ ...head, id, version, products: lines });
      setWarnings(saved.warnings ?? []);
      toast('Save successfully', 'success');
      setVersion(saved.version);
      if (!id) navigate(`/packinglists/edit/${saved.id}`, { replace: true });
    } catch (err) {
      if (err instanceof ApiError) setBanner(err.message);
    }
  }
  const setLine = (i: number, patch: Partial<PackingLine>) =>
    setLines((ls) => ls.map((l, j) => (j === i ? { ...l, ...patch } : l)));

  return (
    <Box>
      <PageHeader
        back
        title={id ? `Packing List ${existing.data?.oc_ref ?? ''}` : 'New Packing List'}
        actions={
          <Stack direction="row" spacing={1}>
            {id && (
              <Button component={Link} to={`/events/packinglist/${id}`} data-testid="view-history">
                View History
              </Button>
            )}
            {id && (
              <Button onClick={() => downloadPackingListPdf(id, can('files.admin')).catch(() => undefined)}>PDF</Button>
            )}
            {id && can('license.generate') && (
              <Button component={Link} to={`/genlic?packing_list_id=${id}`} data-testid="packing-license">
                License Devices
              </Button>
            )}
            {id && (
              <Button color="error" onClick={() => setDeleting(true)} data-testid="packing-delete">
                Delete
              </Button>
            )}
            <Button variant="contained" onClick={submit} disabled={save.isPending} data-testid="packing-save">
              Save
            </Button>
          </Stack>
        }
      />
      {banner && (
        <Alert severity="error" sx={{ mb: 2 }}>
          {banner}
        </Alert>
      )}
      {warnings.map((w) => (
        <Alert key={w} severity="warning" sx={{ mb: 2 }} data-testid="packing-warning">
          {w}
        </Alert>
      ))}
      {testStatus && testStatus !== 'completed' && (
        <Alert severity="warning" sx={{ mb: 2 }} data-testid="test-status-warning">
          Test status: {TEST_STATUS_LABELS[testStatus] ?? testStatus}
        </Alert>
      )}
      <Stack spacing={2} sx={{ maxWidth: 720, mb: 3 }}>
        {id ? (
          <TextField label="Order" value={`${existing.data?.oc_ref} · ${existing.data?.dealer_name}`} disabled />
        ) : (
          <Autocomplete
            options={orders.data ?? []}
            getOptionLabel={(o) => `${o.oc_ref || `#${o.id}`} · ${o.dealer_name} · ${formatDate(o.date)}`}
            onInputChange={(_, v) => setSearch(v)}
            onChange={(_, o) => setPicked(o?.id)}
            filterOptions={(x) => x}
            renderInput={(params) => (
              <TextField
                {...params}
                label="Order"
                slotProps={{ htmlInput: { ...params.inputProps, 'data-testid': 'packing-order' } }}
              />
            )}
          />
        )}
        <TextField
          label="PO Number"
          value={head.po_number}
          onChange={(e) => setHead({ ...head, po_number: e.target.value })}
        />
        <TextField
          type="date"
          label="Shipping Date"
          value={unixToDateInput(head.shipping_date)}
          onChange={(e) => setHead({ ...head, shipping_date: dateInputToUnix(e.target.value) })}
          slotProps={{ inputLabel: { shrink: true } }}
        />
        <TextField
          label="Customer"
          multiline
          minRows={2}
          value={head.customer}
          onChange={(e) => setHead({ ...head, customer: e.target.value })}
        />
        <TextField
          label="Country"
          value={head.country}
          onChange={(e) => setHead({ ...head, country: e.target.value })}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={head.show_logo === 1}
              onChange={(e) => setHead({ ...head, show_logo: e.target.checked ? 1 : 0 })}
            />
          }
          label="Show Logo"
        />
      </Stack>
      <Table size="small" data-testid="packing-lines">
        <TableHead>
          <TableRow>
            <TableCell>Product</TableCell>
            <TableCell width={90}>Quantity</TableCell>
            <TableCell width={90}>Box</TableCell>
            <TableCell>Serial Numbers</TableCell>
            <TableCell width={110}>Warranty (days)</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {lines.map((l, i) => (
            // biome-ignore lint/suspicious/noArrayIndexKey: packing lines have no id; their position is their identity
            <TableRow key={`${l.product_id}-${i}`} data-testid="packing-line">
              <TableCell>{l.pl_name}</TableCell>
              <TableCell>
                <TextField
                  size="small"
                  type="number"
                  value={l.quantity}
                  onChange={(e) => setLine(i, { quantity: Number(e.target.value) })}
                  slotProps={{ htmlInput: { 'aria-label': `Quantity, ${l.pl_name}` } }}
                />
              </TableCell>
              <TableCell>
                <TextField
                  size="small"
                  value={l.pl_box}
                  onChange={(e) => setLine(i, { pl_box: e.target.value })}
                  slotProps={{ htmlInput: { 'aria-label': `Box, ${l.pl_name}` } }}
                />
              </TableCell>
              <TableCell>
                <TextField
                  fullWidth
                  multiline
                  minRows={2}
                  value={l.pl_serial}
                  onChange={(e) => setLine(i, { pl_serial: e.target.value })}
                  error={!!problems[i]}
                  helperText={problems[i] ?? (l.serials_from_test_checklist ? 'From the test checklists' : undefined)}
                  slotProps={{
                    input: { readOnly: l.serials_from_test_checklist === 1 },
                    htmlInput: { 'data-testid': 'packing-serials', 'aria-label': `Serial Numbers, ${l.pl_name}` },
                    formHelperText: { 'data-testid': 'packing-serials-help' } as object,
                  }}
                />
              </TableCell>
              <TableCell>{l.warranty}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <ConfirmDialog
        open={deleting}
        message="Are you sure you want to delete this packing list?"
        onCancel={() => setDeleting(false)}
        onConfirm={() => {
          setDeleting(false);
          if (id)
            del.mutateAsync(id).then(
              () => navigate('/packinglists'),
              () => undefined,
            );
        }}
      />
    </Box>
  );
}
