import { sql } from 'drizzle-orm';
import nodemailer from 'nodemailer';
import type { Clock } from '../config';
import type { Db } from '../db/client';
import { mailOutbox } from '../db/schema/platform';

/** A file sent with a mail; its bytes are also in the file store (`sha256`), so the outbox row keeps it. */
export interface MailAttachment {
  fileName: string;
  mime: string;
  data: Buffer;
  sha256: string;
}

export interface Mail {
  to: string[];
  subject: string;
  text: string;
  /** Where a reply goes (the person who sent a document), when not the portal's own address. */
  replyTo?: string;
  attachments?: MailAttachment[];
}

export interface Mailer {
  /** Sends now when SMTP is configured; always keeps a row in the outbox so nothing is lost. */
  send(db: Db, mail: Mail): Promise<void>;
  /** The absolute address of a portal path (`/tasks/view/1`) for a mail: from PUBLIC_URL, never from a request. */
  link(path: string): string;
}

/** A portal path under the configured public base URL (config.publicUrl, no trailing slash). */
export function portalLink(publicUrl: string, path: string): string {
  return `${publicUrl}/${path.replace(/^\/+/, '')}`;
}

export function createMailer(opts: {
  smtpUrl: string;
  from: string;
  /** Config.publicUrl: the base of every link in mail. */
  publicUrl: string;
  clock: Clock;
  log: (msg: string) => void;
}): Mailer {
  const transport = opts.smtpUrl ? nodemailer.createTransport(opts.smtpUrl) : null;
  return {
    link: (path) => portalLink(opts.publicUrl, path),
    async send(db, mail) {
      const now = Math.floor(opts.clock.now() / 1000);
      let sentAt: number | null = null;
      let error: string | null = null;
      if (transport) {
        try {
          await transport.sendMail({
            from: opts.from,
            to: mail.to.join(', '),
            ...(mail.replyTo ? { replyTo: mail.replyTo } : {}),
            subject: mail.subject,
            text: mail.text,
            attachments: mail.attachments?.map((a) => ({ filename: a.fileName, contentType: a.mime, content: a.data })),
          });
          sentAt = now;
        } catch (err) {
          error = (err as Error).message;
        }
      } else {
        opts.log(`mail (no SMTP_URL) to ${mail.to.join(', ')}: ${mail.subject}`);
      }
      await db.insert(mailOutbox).values({
        createdAt: now,
        to: mail.to.join(', '),
        subject: mail.subject,
        text: mail.text,
        sentAt,
        error,
        attachments: (mail.attachments ?? []).map((a) => ({
          file_name: a.fileName,
          mime: a.mime,
          sha256: a.sha256,
          size: a.data.length,
        })),
      });
    },
  };
}

/** What waits in the outbox (health and metrics read it; nothing here writes). */
export interface OutboxBacklog {
  /** Mails not sent (no SMTP_URL, or sending failed). */
  unsent: number;
  /** Seconds since the oldest unsent mail was written; null when none waits. */
  oldestAge: number | null;
  /** Seconds since the oldest mail written after the last one that went out and not sent; null when none. */
  waitingAge: number | null;
}

/** The outbox's backlog at `nowSec` (one aggregate over the unsent rows). */
export async function outboxBacklog(db: Db, nowSec: number): Promise<OutboxBacklog> {
  const r = (await db.execute(sql`
    select count(*)::int as unsent, min(${mailOutbox.createdAt})::text as oldest,
      min(${mailOutbox.createdAt}) filter (
        where ${mailOutbox.createdAt} >= coalesce((select max(${mailOutbox.sentAt}) from ${mailOutbox}), 0)
      )::text as waiting
    from ${mailOutbox} where ${mailOutbox.sentAt} is null`)) as unknown as {
    rows: Array<{ unsent: number; oldest: string | null; waiting: string | null }>;
  };
  const row = r.rows[0];
  const age = (t: string | null | undefined) => (t == null ? null : Math.max(0, nowSec - Number(t)));
  return { unsent: Number(row?.unsent ?? 0), oldestAge: age(row?.oldest), waitingAge: age(row?.waiting) };
}
