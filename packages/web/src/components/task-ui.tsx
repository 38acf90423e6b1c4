import {
  type DueIndicator,
  dueIndicator,
  PRIORITY_COLORS,
  STATUS_COLORS,
  type TaskPriority,
  type TaskStatus,
} from '@bpm/contract/tasks';
import { Chip } from '@mui/material';
import { formatDate, formatTime } from './format';

const cap = (s: string) => s.replace(/\b\w/g, (c) => c.toUpperCase());

export function StatusChip({ status }: { status: TaskStatus }) {
  return <Chip size="small" label={cap(status)} color={STATUS_COLORS[status] ?? 'default'} data-testid="status-chip" />;
}

export function PriorityChip({ priority }: { priority: TaskPriority }) {
  return (
    <Chip
      size="small"
      label={cap(priority)}
      color={PRIORITY_COLORS[priority] ?? 'default'}
      data-testid="priority-chip"
    />
  );
}

const INDICATOR: Record<
  Exclude<DueIndicator, null | 'normal'>,
  { label: string; color: 'error' | 'warning' | 'info' }
> = {
  overdue: { label: 'Overdue', color: 'error' },
  urgent: { label: 'Urgent', color: 'warning' },
  soon: { label: 'Due Soon', color: 'info' },
};

/** The due-date indicator (document 3 section 4): nothing for normal, completed or no due date. */
export function DueChip({ due, status }: { due: number | null; status: string }) {
  const kind = dueIndicator(due, status, Math.floor(Date.now() / 1000));
  if (!kind || kind === 'normal') return null;
  const i = INDICATOR[kind];
  return <Chip size="small" variant="outlined" label={i.label} color={i.color} data-testid={`due-${kind}`} />;
}

export const fullName = (first?: string | null, last?: string | null) => `${first ?? ''} ${last ?? ''}`.trim();

const URL_RE = /\bhttps?:\/\/[^\s<>"']+/g;

/**
 * Turns bare http(s) URLs in rich text into links (document 3 section 2.3). Parsing happens in an
 * inert document; the result is sanitised again by RichText, which adds target and rel.
 */
export function linkify(html: string): string {
  if (!html || !/https?:\/\//.test(html)) return html;
  const doc = new DOMParser().parseFromString(`<body>${html}</body>`, 'text/html');
  const walker = doc.createTreeWalker(doc.body, NodeFilter.SHOW_TEXT);
  const texts: Text[] = [];
  for (let n = walker.nextNode(); n; n = walker.nextNode()) if (!n.parentElement?.closest('a')) texts.push(n as Text);
  for (const t of texts) {
    const value = t.nodeValue ?? '';
    if (!URL_RE.test(value)) continue;
    URL_RE.lastIndex = 0;
    const frag = doc.createDocumentFragment();
    let last = 0;
    for (const m of value.matchAll(URL_RE)) {
      frag.append(value.slice(last, m.index));
      const a = doc.createElement('a');
      a.href = m[0];
      a.textContent = m[0];
      frag.append(a);
      last = (m.index ?? 0) + m[0].length;
    }
    frag.append(value.slice(last));
    t.replaceWith(frag);
  }
  return doc.body.innerHTML;
}

/** A note's time: time only within 24 hours, otherwise the date (document 3 section 9). */
export function noteTime(sec: number, nowMs = Date.now()): string {
  const ms = sec * 1000;
  if (nowMs - ms < 86_400_000 && nowMs >= ms - 60_000) return formatTime(sec);
  return formatDate(sec);
}

export const initials = (first?: string | null, last?: string | null) =>
  `${(first ?? '').charAt(0)}${(last ?? '').charAt(0)}`.toUpperCase() || '?';
