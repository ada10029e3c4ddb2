/**
 * The write path's SQL, one statement per record kind and bookkeeping
 * step, prepared once by the writer (history-writer.ts). Every statement
 * binds the indexer's id, so one indexer's records never land among another's.
 */
import { UPSERT_CIRCUIT } from './migrations'

export const SQL = {
  findIndexer: 'SELECT id FROM indexers WHERE key = ?',
  insertIndexer: `
    INSERT INTO indexers (key, first_seen_at, last_seen_at) VALUES (?, ?, ?)
    ON CONFLICT (key) DO UPDATE SET last_seen_at = excluded.last_seen_at
    RETURNING id`,
  upsertProof: `
    INSERT INTO proofs (indexer_id, proof_account, authority, circuit_id, proof_type, slot, time, complete, raw, stored_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, 1, ?, ?)
    ON CONFLICT (indexer_id, proof_account) DO UPDATE SET
      authority = excluded.authority, circuit_id = excluded.circuit_id, proof_type = excluded.proof_type,
      slot = excluded.slot, time = excluded.time, complete = 1, raw = excluded.raw, stored_at = excluded.stored_at`,
  // A summary never replaces what is held: a full record says more, an earlier summary the same.
  upsertProofSummary: `
    INSERT INTO proofs (indexer_id, proof_account, authority, circuit_id, proof_type, slot, time, complete, own, raw, stored_at)
    VALUES (?, ?, ?, ?, ?, ?, -1, 0, ?, ?, ?)
    ON CONFLICT (indexer_id, proof_account) DO UPDATE SET
      own = max(proofs.own, excluded.own), stored_at = excluded.stored_at`,
  upsertCircuit: UPSERT_CIRCUIT,
  upsertTransaction: `
    INSERT INTO transactions (indexer_id, signature, status, slot, time, raw, detail_raw, stored_at)
    VALUES (?, ?, ?, ?, ?, ?, NULL, ?)
    ON CONFLICT (indexer_id, signature) DO UPDATE SET
      status = excluded.status, slot = excluded.slot, time = excluded.time, raw = excluded.raw, stored_at = excluded.stored_at
    RETURNING id`,
  // The list item stays as received; the full record goes beside it.
  upsertTransactionDetail: `
    INSERT INTO transactions (indexer_id, signature, status, slot, time, raw, detail_raw, stored_at)
    VALUES (?, ?, ?, ?, ?, '', ?, ?)
    ON CONFLICT (indexer_id, signature) DO UPDATE SET
      status = excluded.status, slot = excluded.slot, time = excluded.time,
      detail_raw = excluded.detail_raw, stored_at = excluded.stored_at
    RETURNING id`,
  upsertTransactionAccount: `
    INSERT INTO transaction_accounts (transaction_id, account, indexer_id, slot, time) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (transaction_id, account) DO UPDATE SET slot = excluded.slot, time = excluded.time
    WHERE transaction_accounts.slot <> excluded.slot OR transaction_accounts.time <> excluded.time`,
  upsertOverview: `
    INSERT INTO overview_snapshots (indexer_id, minute, observed_at, raw, stored_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (indexer_id, minute) DO UPDATE SET
      observed_at = excluded.observed_at, raw = excluded.raw, stored_at = excluded.stored_at
    WHERE excluded.observed_at >= overview_snapshots.observed_at`,
  upsertSeries: `
    INSERT INTO series (indexer_id, metric, period, server_metric, stored_at) VALUES (?, ?, ?, ?, ?)
    ON CONFLICT (indexer_id, metric, period) DO UPDATE SET
      server_metric = excluded.server_metric, stored_at = excluded.stored_at
    RETURNING id`,
  clearSeriesPoints: 'DELETE FROM series_points WHERE series_id = ?',
  insertSeriesPoint: `
    INSERT INTO series_points (series_id, t, value) VALUES (?, ?, ?)
    ON CONFLICT (series_id, t) DO UPDATE SET value = excluded.value`,
  upsertLeaderboard: `
    INSERT INTO leaderboards (indexer_id, period, stored_at) VALUES (?, ?, ?)
    ON CONFLICT (indexer_id, period) DO UPDATE SET stored_at = excluded.stored_at
    RETURNING id`,
  clearLeaderboardEntries: 'DELETE FROM leaderboard_entries WHERE leaderboard_id = ?',
  insertLeaderboardEntry: 'INSERT OR REPLACE INTO leaderboard_entries (leaderboard_id, rank, raw) VALUES (?, ?, ?)',
  // Read state is the user's: a notification seen again keeps it.
  upsertNotification: `
    INSERT INTO notifications (indexer_id, notification_id, kind, title, body, received_at, read, subject, topic, raw, stored_at)
    VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (indexer_id, notification_id) DO UPDATE SET
      kind = excluded.kind, title = excluded.title, body = excluded.body,
      subject = coalesce(excluded.subject, notifications.subject),
      topic = coalesce(excluded.topic, notifications.topic), raw = excluded.raw, stored_at = excluded.stored_at`,
  markRead: 'UPDATE notifications SET read = ? WHERE indexer_id = ? AND notification_id = ?',
  markAllRead: 'UPDATE notifications SET read = ? WHERE indexer_id = ? AND read <> ?',
  markTopicRead: 'UPDATE notifications SET read = ? WHERE indexer_id = ? AND topic = ? AND read <> ?',
  removeNotification: 'DELETE FROM notifications WHERE indexer_id = ? AND notification_id = ?',
  countNotifications: 'SELECT count(*) AS n FROM notifications WHERE indexer_id = ?',
  // Past the cap the oldest go, read ones first: what is still unread is kept longest.
  trimNotifications: `
    DELETE FROM notifications WHERE id IN (
      SELECT id FROM notifications WHERE indexer_id = ? ORDER BY read DESC, received_at, id LIMIT ?)`,
  upsertCircuitCard: `
    INSERT INTO circuit_keys (indexer_id, circuit_id, fingerprint, key_seen_at, enabled, facts, read_at) VALUES (?, ?, ?, ?, ?, ?, ?)
    ON CONFLICT (indexer_id, circuit_id) DO UPDATE SET
      fingerprint = excluded.fingerprint, key_seen_at = excluded.key_seen_at, enabled = excluded.enabled,
      facts = excluded.facts, read_at = excluded.read_at`,
  patchMetadata: 'UPDATE indexers SET metadata = json_patch(metadata, ?), last_seen_at = ? WHERE id = ?',
  // A full record held already: what a new copy is compared with.
  // Compared in SQLite: the held text crosses into JavaScript only when it differs (rare), not at every write.
  storedProofSame: 'SELECT raw = ? AS same FROM proofs WHERE indexer_id = ? AND proof_account = ? AND complete = 1',
  storedProof: 'SELECT authority, circuit_id, raw FROM proofs WHERE indexer_id = ? AND proof_account = ? AND complete = 1',
} as const
