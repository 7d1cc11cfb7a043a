import type { Generated } from "kysely";
import type { LoginMethod, LoginOutcomeKind } from "../../src/schema/login-history.js";
import type { PublicationState } from "../../src/schema/console/publication.js";
import type { HelpMenuKind } from "../../src/schema/help-center.js";
import type { SessionKind } from "../../src/schema/session.js";

/**
 * Table types of every module. Times are epoch milliseconds in UTC (bigint columns), money is
 * integer fen, structured lists are JSON text so both SQLite and PostgreSQL store them the same way.
 * Each module owns its tables (DESIGN.md §8); the owner is named above each one.
 */
export interface Database {
  app_meta: AppMetaTable;
  sessions: SessionsTable;
  dapps: DappsTable;
  banners: BannersTable;
  cms_articles: CmsArticlesTable;
  content_images: ContentImagesTable;
  users: UsersTable;
  captchas: CaptchasTable;
  verification_codes: VerificationCodesTable;
  outbox_messages: OutboxMessagesTable;
  used_nonces: UsedNoncesTable;
  login_attempt_counters: LoginAttemptCountersTable;
  login_challenges: LoginChallengesTable;
  login_history: LoginHistoryTable;
  notary_users: NotaryUsersTable;
  notary_offices: NotaryOfficesTable;
  notarization_applications: NotarizationApplicationsTable;
  notarization_evidence: NotarizationEvidenceTable;
  notarization_events: NotarizationEventsTable;
  notarization_materials: NotarizationMaterialsTable;
  notarial_certificates: NotarialCertificatesTable;
  scan_login_states: ScanLoginStatesTable;
  scan_pending_identities: ScanPendingIdentitiesTable;
  dev_wx_authorizations: DevWxAuthorizationsTable;
  real_name_applications: RealNameApplicationsTable;
  enterprise_applications: EnterpriseApplicationsTable;
  avatar_images: AvatarImagesTable;
  child_accounts: ChildAccountsTable;
  billing_accounts: BillingAccountsTable;
  offline_contracts: OfflineContractsTable;
  money_transactions: MoneyTransactionsTable;
  money_postings: MoneyPostingsTable;
  money_reservations: MoneyReservationsTable;
  product_prices: ProductPricesTable;
  product_purchases: ProductPurchasesTable;
  package_counts: PackageCountsTable;
  customer_bundles: CustomerBundlesTable;
  package_unit_reservations: PackageUnitReservationsTable;
  captures: CapturesTable;
  recordings: RecordingsTable;
  recording_chunks: RecordingChunksTable;
  recording_anchors: RecordingAnchorsTable;
  recording_scratch: RecordingScratchTable;
  seal_certificates: SealCertificatesTable;
  seal_configs: SealConfigsTable;
  sealings: SealingsTable;
  appraisal_institutions: AppraisalInstitutionsTable;
  appraisal_experts: AppraisalExpertsTable;
  appraisal_commissions: AppraisalCommissionsTable;
  appraisal_commission_evidence: AppraisalCommissionEvidenceTable;
  appraisal_commission_events: AppraisalCommissionEventsTable;
  digital_reports: DigitalReportsTable;
  devices: DevicesTable;
  device_bind_codes: DeviceBindCodesTable;
  mobile_array_devices: MobileArrayDevicesTable;
  device_recordings: DeviceRecordingsTable;
  payment_orders: PaymentOrdersTable;
  payment_notifications: PaymentNotificationsTable;
  payment_refunds: PaymentRefundsTable;
  invoice_titles: InvoiceTitlesTable;
  invoice_addresses: InvoiceAddressesTable;
  invoice_applications: InvoiceApplicationsTable;
  invoice_order_links: InvoiceOrderLinksTable;
  issued_invoices: IssuedInvoicesTable;
  evidence_records: EvidenceRecordsTable;
  evidence_extractions: EvidenceExtractionsTable;
  evidence_extraction_items: EvidenceExtractionItemsTable;
  evidence_extraction_sessions: EvidenceExtractionSessionsTable;
  ledger_entries: LedgerEntriesTable;
  ledger_nodes: LedgerNodesTable;
  ledger_checkpoints: LedgerCheckpointsTable;
  ledger_state: LedgerStateTable;
  ledger_witnesses: LedgerWitnessesTable;
  ledger_cosignatures: LedgerCosignaturesTable;
  ledger_timestamps: LedgerTimestampsTable;
  operators: OperatorsTable;
  operator_roles: OperatorRolesTable;
  operator_recovery_codes: OperatorRecoveryCodesTable;
  operator_audit: OperatorAuditTable;
  lawyer_profiles: LawyerProfilesTable;
  consultations: ConsultationsTable;
  consultation_evidence: ConsultationEvidenceTable;
  consultation_messages: ConsultationMessagesTable;
  consultation_attachments: ConsultationAttachmentsTable;
  monitor_works: MonitorWorksTable;
  monitor_tasks: MonitorTasksTable;
  monitor_task_works: MonitorTaskWorksTable;
  monitor_sites: MonitorSitesTable;
  monitor_weeks: MonitorWeeksTable;
  monitor_runs: MonitorRunsTable;
  monitor_seen: MonitorSeenTable;
  monitor_hits: MonitorHitsTable;
  monitor_reports: MonitorReportsTable;
  help_menus: HelpMenusTable;
  help_articles: HelpArticlesTable;
  search_documents: SearchDocumentsTable;
  lawsuit_package_attempts: LawsuitPackageAttemptsTable;
  evidence_packages: EvidencePackagesTable;
  development_cashier_attempts: DevelopmentCashierAttemptsTable;
  development_cashier_refunds: DevelopmentCashierRefundsTable;
  legal_conversations: LegalConversationsTable;
  legal_messages: LegalMessagesTable;
  legal_questions: LegalQuestionsTable;
  job_requests: JobRequestsTable;
}

/** Owned by db/: facts about this installation (seed markers, key fingerprints). */
export interface AppMetaTable {
  key: string;
  value: string;
  updated_at: number;
}

/** Owned by modules/session. The token itself is never stored, only its SHA-256. */
export interface SessionsTable {
  token_hash: string;
  subject_id: string;
  kind: SessionKind;
  created_at: number;
  last_seen_at: number;
  revoked_at: number | null;
  revoke_reason: string | null;
  /** Where the session was started from (the login's address); null for older sessions. */
  address: string | null;
}

/** Owned by modules/common: related applications shown in the drawer (spec §3). */
export interface DappsTable {
  id: Generated<number>;
  dapp_name: string;
  description: string;
  menu_logo: string;
  dapp_home_url: string;
  category: number;
  display: number;
  width: number;
  sort_order: number;
  state: PublicationState;
  created_at: number;
  updated_at: number;
}

/** Owned by modules/content: home carousel banners (spec §3). */
export interface BannersTable {
  id: Generated<number>;
  template_id: number;
  image_path: string;
  title: string;
  sub_images_json: string;
  buttons_json: string;
  sub_titles_json: string;
  sort_order: number;
  state: PublicationState;
  created_at: number;
  updated_at: number;
}

/** Owned by modules/content: articles of every channel (news now, help centre later). */
export interface CmsArticlesTable {
  id: Generated<number>;
  channel_id: number;
  channel_code: string;
  channel_name: string;
  title: string;
  type_name: string;
  brief: string;
  summary: string;
  content: string;
  /** The date the article shows; the list's order is sort_order (new articles go first). */
  published_at: number;
  state: PublicationState;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

/** Owned by modules/content: the uploaded images the public image route serves (by SHA-256). */
export interface ContentImagesTable {
  sha256: string;
  mime_type: string;
  created_at: number;
}

/**
 * Owned by modules/account; other modules read and change it through AccountRecords
 * (account-records.service.ts). Contacts are stored normalised (lower-case e-mail).
 */
export interface UsersTable {
  id: Generated<number>;
  login_account: string | null;
  mobile: string | null;
  mail: string | null;
  /** scrypt of the MD5 the browser sent; null for accounts registered by code that set none yet. */
  password_hash: string | null;
  password_changed_at: number | null;
  must_change_password: Generated<number>;
  account_type: number;
  parent_id: number | null;
  status: "active" | "disabled" | "cancelled";
  /** Who holds a disabled account disabled (account-disabling.ts): "mainAccount", "operator" or both, comma separated. */
  disabled_by: string | null;
  two_step_enabled: Generated<number>;
  oauth_user_id: string | null;
  real_name: string | null;
  real_name_status: Generated<number>;
  enterprise_name: string | null;
  enterprise_status: Generated<number>;
  head_portrait_path: string | null;
  industry_id: number | null;
  region_district_id: string | null;
  is_test: Generated<number>;
  created_at: number;
  updated_at: number;
  cancelled_at: number | null;
}

/** Owned by modules/security: image captchas, single-use; only the answer's hash is kept. */
export interface CaptchasTable {
  id: string;
  answer_hash: string;
  expires_at: number;
  consumed_at: number | null;
}

/** Owned by modules/verification: codes sent by SMS or e-mail; only their hash is kept. */
export interface VerificationCodesTable {
  id: Generated<number>;
  purpose: number;
  target: string;
  code_hash: string;
  ip: string;
  created_at: number;
  expires_at: number;
  attempts: number;
  consumed_at: number | null;
}

/** Owned by modules/notifier: what the development notifier would have sent. */
export interface OutboxMessagesTable {
  id: Generated<number>;
  channel: "sms" | "email";
  recipient: string;
  subject: string;
  body: string;
  created_at: number;
}

/** Owned by modules/security: nonces of encrypted fields and signatures of login requests. */
export interface UsedNoncesTable {
  nonce: string;
  expires_at: number;
}

/** Owned by modules/account: login attempts counted per key (account, account + source, address) in windows. */
export interface LoginAttemptCountersTable {
  key: string;
  window_start: number;
  count: number;
}

/** Owned by modules/account: a login waiting for its second step or for "next time" (3011). */
export interface LoginChallengesTable {
  id: string;
  user_id: number;
  kind: "second-step" | "password-update";
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** Owned by modules/account: logins that started a session, and refused passwords of existing accounts (180 days). */
export interface LoginHistoryTable {
  id: Generated<number>;
  user_id: number;
  at: number;
  method: LoginMethod;
  outcome: LoginOutcomeKind;
  ip: string;
  /** Truncated to 200 characters. */
  user_agent: string | null;
}

/** Owned by modules/notary: notary office staff, created by an operator (server/cli). */
export interface NotaryUsersTable {
  id: Generated<number>;
  /** NOT NULL on PostgreSQL; on SQLite (which cannot add the constraint later) every write sets it. */
  office_id: number;
  /** NotaryRole: "admin" manages the office's settings and staff, "notary" handles applications. */
  role: string;
  /** Lower case; the login compares without regard to case. */
  account: string;
  name: string;
  /** scrypt of the MD5 the browser sends, as for users. */
  password_hash: string;
  status: "active" | "disabled";
  /** 1 for the development demo account, which is refused wherever development providers are off. */
  is_demo: Generated<number>;
  created_at: number;
  updated_at: number;
  last_login_at: number | null;
}

/** Owned by modules/notarization: a notary office the platform works with (migration 0029). */
export interface NotaryOfficesTable {
  id: Generated<number>;
  name: string;
  region: Generated<string>;
  address: Generated<string>;
  phone: Generated<string>;
  introduction: Generated<string>;
  fee_fen: number | null;
  accepts_applications: Generated<number>;
  template_title: string;
  template_body: string;
  template_footer: string;
  seal_certificate_pem: string | null;
  /** The seal's PKCS#8 private key sealed under the seal secret key (security/secret-box.ts). */
  seal_private_key: string | null;
  seal_serial: string | null;
  seal_not_before: number | null;
  seal_not_after: number | null;
  seal_fingerprint: string | null;
  created_at: number;
  updated_at: number;
}

/** Owned by modules/notarization: one notarisation application; `state` moves only by NOTARIZATION_LIFECYCLE. */
export interface NotarizationApplicationsTable {
  id: Generated<number>;
  uid: string;
  application_no: string;
  user_id: number;
  office_id: number;
  state: string;
  purpose: string;
  use_description: string | null;
  applicant_type: string;
  applicant_name: string | null;
  applicant_id_number: string | null;
  contact_name: string;
  contact_mobile: string;
  contact_email: string | null;
  address: string | null;
  payment: string;
  bundle_id: number | null;
  fee_fen: number | null;
  reservation_id: number | null;
  created_at: number;
  submitted_at: number | null;
  updated_at: number;
}

/** Owned by modules/notarization: the evidence an application covers, frozen at submission. */
export interface NotarizationEvidenceTable {
  application_id: number;
  position: number;
  evidence_id: number;
  kind: string;
  name: string;
  certificate_no: string;
  sha256: string;
  sm3: string;
  size: number;
  stored_at: number;
  ledger_index: number | null;
}

/** Owned by modules/notarization: one transition of an application and its ledger entry. */
export interface NotarizationEventsTable {
  id: Generated<number>;
  application_id: number;
  seq: number;
  action: string;
  from_state: string | null;
  to_state: string;
  actor: string;
  actor_id: number;
  actor_name: string;
  note: string | null;
  entry: string;
  ledger_size_hint: number;
  ledger_index: number | null;
  created_at: number;
}

/** Owned by modules/notarization: a supplementary file an applicant gave (content in the blob store under its SHA-256). */
export interface NotarizationMaterialsTable {
  id: Generated<number>;
  application_id: number;
  event_id: number;
  file_name: string;
  size: number;
  sha256: string;
  created_at: number;
}

/** Owned by modules/notarization: an issued notarial certificate. */
export interface NotarialCertificatesTable {
  id: Generated<number>;
  application_id: number;
  certificate_no: string;
  office_id: number;
  notary_id: number;
  notary_name: string;
  pdf_blob: string;
  sha256: string;
  size: number;
  seal_fingerprint: string;
  issued_at: number;
}

/** Owned by modules/scan-login: one QR code's login state (spec §7 `state`), single-use, 5 minutes. */
export interface ScanLoginStatesTable {
  state: string;
  /** "login" from the login panel; "bind" from the security centre, for `user_id` only. */
  purpose: "login" | "bind";
  user_id: number | null;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** Owned by modules/scan-login: a scanned identity without an account, waiting to be bound (code 5025). */
export interface ScanPendingIdentitiesTable {
  /** The opaque `oauthUserId` the browser holds; the messaging app's own id stays here. */
  id: string;
  identity_key: string;
  created_at: number;
  expires_at: number;
  consumed_at: number | null;
}

/** Owned by modules/scan-login (development provider only): simulated scans and their codes. */
export interface DevWxAuthorizationsTable {
  state: string;
  redirect_url: string;
  created_at: number;
  expires_at: number;
  open_id: string | null;
  nickname: string | null;
  code: string | null;
  confirmed_at: number | null;
  code_used_at: number | null;
}

/** Owned by modules/personal: real-name submissions; the ID number is only ever answered masked. */
export interface RealNameApplicationsTable {
  id: Generated<number>;
  user_id: number;
  real_name: string;
  id_number: string;
  /** VerificationStatus: 1 under review, 2 verified, 3 rejected. */
  status: number;
  reject_reason: string | null;
  provider: string;
  submitted_at: number;
  decided_at: number | null;
  /** The operator who decided (migration 0016); null while pending and for older decisions. */
  decided_by_operator_id: number | null;
  decided_by_account: string | null;
  /** The automatic vendor check: passed | failed | unavailable; null where no verifier is configured. */
  check_outcome: "passed" | "failed" | "unavailable" | null;
  check_note: string | null;
  checked_at: number | null;
}

/** Owned by modules/personal: organisation verification submissions with their licence image (a blob). */
export interface EnterpriseApplicationsTable {
  id: Generated<number>;
  user_id: number;
  enterprise_name: string;
  institution_type: number;
  certificate_kind: "businessLicence" | "organisationCode";
  certificate_number: string;
  licence_image_sha256: string;
  licence_image_type: string;
  status: number;
  reject_reason: string | null;
  provider: string;
  submitted_at: number;
  decided_at: number | null;
  /** The operator who decided (migration 0016); null while pending and for older decisions. */
  decided_by_operator_id: number | null;
  decided_by_account: string | null;
  /** The automatic vendor check: passed | failed | unavailable; null where no verifier is configured. */
  check_outcome: "passed" | "failed" | "unavailable" | null;
  check_note: string | null;
  checked_at: number | null;
}

/** Owned by modules/personal: blobs published as avatars, the only blobs served without a session. */
export interface AvatarImagesTable {
  sha256: string;
  mime_type: string;
  created_at: number;
}

/**
 * Owned by modules/account: the name a main account gave its sub-account (itself a users row with
 * parent_id). modules/child-account manages sub-accounts through the account module's services.
 */
export interface ChildAccountsTable {
  user_id: number;
  parent_id: number;
  name: string;
  created_at: number;
}

/**
 * Owned by modules/billing: a main account's money. No row = 0. `balance_fen` (available, may be
 * negative under a contract's credit) and `reserved_fen` are caches of the money journal's
 * postings, updated in the transaction that posts. Credit comes from offline_contracts.
 */
export interface BillingAccountsTable {
  user_id: number;
  balance_fen: Generated<number>;
  reserved_fen: Generated<number>;
  updated_at: number;
}

/**
 * Owned by modules/billing: an offline contract a finance operator recorded (migration 0023),
 * never edited; a termination fills the termination columns once. Its status follows its term of
 * Shanghai dates (src/schema/console/offline-contract-lifecycle.ts).
 */
export interface OfflineContractsTable {
  id: Generated<number>;
  user_id: number;
  contract_no: string;
  signing_party: string;
  term_start: string;
  term_end: string;
  credit_limit_fen: number;
  remark: string | null;
  created_by_operator_id: number | null;
  created_by_account: string;
  created_at: number;
  terminated_at: number | null;
  termination_reason: string | null;
  terminated_by_operator_id: number | null;
  terminated_by_account: string | null;
}

/** Owned by modules/billing: one movement of money, appended and never changed (its postings sum to zero). */
export interface MoneyTransactionsTable {
  id: Generated<number>;
  kind: string;
  idempotency_key: string;
  /** The main account whose money moved, if a customer's did. */
  user_id: number | null;
  /** The sub-account that spent from its main account. */
  sub_account_id: number | null;
  operator_id: number | null;
  memo: Generated<string>;
  created_at: number;
}

/** Owned by modules/billing: one leg of a journal transaction; `amount_fen` is signed. */
export interface MoneyPostingsTable {
  id: Generated<number>;
  transaction_id: number;
  account: string;
  amount_fen: number;
}

/** Owned by modules/billing: money held for a paid service until it is settled, released or expired. */
export interface MoneyReservationsTable {
  id: Generated<number>;
  user_id: number;
  sub_account_id: number | null;
  amount_fen: number;
  service: string;
  reference: string;
  state: string;
  expires_at: number;
  created_at: number;
  closed_at: number | null;
  reserve_transaction_id: number;
  close_transaction_id: number | null;
}

/** Owned by modules/purchase: the price list, one row per product an account can buy (null price: not on sale). */
export interface ProductPricesTable {
  code: string;
  kind: string;
  name: string;
  unit_count: number;
  notarisations: number;
  price_fen: number | null;
  promotion_name: string | null;
  promotion_price_fen: number | null;
  promotion_start: string | null;
  promotion_end: string | null;
  sort_order: number;
  updated_at: number;
}

/** Owned by modules/purchase: one paid purchase attempt (its journal transaction pays for it). */
export interface ProductPurchasesTable {
  id: Generated<number>;
  user_id: number;
  product_code: string;
  quantity: number;
  unit_price_fen: number;
  total_fen: number;
  idempotency_key: string;
  transaction_id: number;
  created_at: number;
}

/** Owned by modules/purchase: a main account's accumulated preservation counts per package. */
export interface PackageCountsTable {
  user_id: number;
  product_code: string;
  purchased_count: number;
  remaining_count: number;
  updated_at: number;
}

/** Owned by modules/purchase: one notarisation bundle bought, in its lifecycle state. */
export interface CustomerBundlesTable {
  id: Generated<number>;
  user_id: number;
  product_code: string;
  snapshot_limit: number;
  purchase_id: number;
  state: string;
  application_reference: string | null;
  purchased_at: number;
  expires_at: number;
  updated_at: number;
}

/** Owned by modules/purchase: one unit of package 30001 or of a bundle's snapshots, held for a service; `state` moves only by RESERVATION_LIFECYCLE. */
export interface PackageUnitReservationsTable {
  id: Generated<number>;
  user_id: number;
  acting_user_id: number;
  source: string;
  product_code: string | null;
  bundle_id: number | null;
  service: string;
  reference: string;
  state: string;
  expires_at: number;
  created_at: number;
  updated_at: number;
}

/** Owned by modules/capture: one page to capture, and the capture queue; `state` moves only by CAPTURE_LIFECYCLE. */
export interface CapturesTable {
  id: Generated<number>;
  user_id: number;
  target: string;
  name: string;
  purpose: string | null;
  url: string;
  final_url: string | null;
  title: string | null;
  state: string;
  stage: string;
  failure_code: string | null;
  failure_detail: string | null;
  qa_json: string | null;
  qa_accepted: Generated<number>;
  provenance_json: string | null;
  files_json: string | null;
  attempts: Generated<number>;
  charge_round: Generated<number>;
  unit_reservation_id: number | null;
  charged_to: string;
  package_sha256: string | null;
  package_sm3: string | null;
  package_bytes: number | null;
  manifest_sha256: string | null;
  package_blob: string | null;
  certificate_no: string | null;
  evidence_id: number | null;
  rights_json: string | null;
  created_at: number;
  started_at: number | null;
  ended_at: number | null;
  updated_at: number;
}

/** Owned by modules/recording: one recording or a mobile array's group; `state` moves only by RECORDING_LIFECYCLE. */
export interface RecordingsTable {
  id: Generated<number>;
  user_id: number;
  acting_user_id: number;
  uid: string;
  kind: string;
  source: string;
  name: string;
  purpose: string | null;
  target: string | null;
  state: string;
  ending: string | null;
  is_group: Generated<number>;
  group_id: number | null;
  environment_json: string;
  unit_reservation_id: number | null;
  chunk_count: Generated<number>;
  bytes: Generated<number>;
  duration_ms: Generated<number>;
  head_sha256: string;
  head_sm3: string;
  last_chunk_at: number | null;
  certificate_no: string | null;
  evidence_id: number | null;
  package_blob: string | null;
  package_sha256: string | null;
  package_sm3: string | null;
  package_bytes: number | null;
  files_json: string | null;
  failure: string | null;
  created_at: number;
  updated_at: number;
  ended_at: number | null;
}

/** Owned by modules/recording: one chunk held, its digests and the chain heads after it. */
export interface RecordingChunksTable {
  recording_id: number;
  idx: number;
  /** The blob store's scratch file holding it; null: under DATA_DIR/recordings (before migration 0041). */
  scratch: string | null;
  offset: number;
  bytes: number;
  sha256: string;
  sm3: string;
  chain_sha256: string;
  chain_sm3: string;
  recorded_ms: number;
  received_at: number;
}

/** Owned by modules/recording: a scratch file of a recording, listed before it is written; `attached_name` once a recorder's file is complete. */
export interface RecordingScratchTable {
  scratch: string;
  recording_id: number;
  attached_name: string | null;
}

/** Owned by modules/recording: one anchor of a recording's chain head; ledger_index null until appended. */
export interface RecordingAnchorsTable {
  recording_id: number;
  seq: number;
  chunks: number;
  duration_ms: number;
  sha256: string;
  sm3: string;
  time: number;
  final: number;
  entry: string;
  ledger_size_hint: number;
  ledger_index: number | null;
}

/** Owned by modules/device: a bound recording device; `state` moves only by DEVICE_LIFECYCLE. Only the public key is kept. */
export interface DevicesTable {
  id: Generated<number>;
  user_id: number;
  name: string;
  model: string | null;
  os: string | null;
  /** Raw Ed25519 public key, base64. */
  public_key: string;
  public_key_sha256: string;
  state: string;
  created_at: number;
  last_seen_at: number | null;
  unbound_at: number | null;
  updated_at: number;
}

/** Owned by modules/device: a bind code, kept as its SHA-256 only. */
export interface DeviceBindCodesTable {
  id: Generated<number>;
  user_id: number;
  code_sha256: string;
  expires_at: number;
  used_at: number | null;
  device_id: number | null;
  created_at: number;
}

/** Owned by modules/device: a device chosen for a mobile array (a group recording of modules/recording). */
export interface MobileArrayDevicesTable {
  group_id: number;
  device_id: number;
  user_id: number;
}

/** Owned by modules/device: the device that feeds a recording of modules/recording (its own, or its part of a group). */
export interface DeviceRecordingsTable {
  recording_id: number;
  device_id: number;
  user_id: number;
  group_id: number | null;
  created_at: number;
}

/** Owned by modules/payment: one payment attempt (a recharge); `state` moves only by src/schema/payment.ts. */
export interface PaymentOrdersTable {
  id: Generated<number>;
  merchant_order_no: string;
  /** The main account credited. */
  user_id: number;
  /** The sub-account that started the recharge, if one did. */
  sub_account_id: number | null;
  amount_fen: number;
  /** The provider key the payer chose (development, alipay, wechatpay). */
  channel: string;
  provider: string;
  state: string;
  provider_trade_no: string | null;
  created_at: number;
  paid_at: number | null;
  closed_at: number | null;
}

/** Owned by modules/payment: each distinct notification a provider delivered, and what we made of it. */
export interface PaymentNotificationsTable {
  id: Generated<number>;
  provider: string;
  /** The provider's notification id, or its trade number and outcome where it has no id. */
  notification_key: string;
  merchant_order_no: string;
  received_at: number;
  outcome: string;
}

/** Owned by modules/payment: returning money a provider took that no balance received; `state` moves only by src/schema/payment-refund.ts. */
export interface PaymentRefundsTable {
  id: Generated<number>;
  /** The number the provider deduplicates the refund by; a new one when a failed refund is asked again. */
  refund_no: string;
  /** One refund per attempt: the whole amount the provider received. */
  merchant_order_no: string;
  provider: string;
  amount_fen: number;
  /** paidAfterClose | amountMismatch */
  reason: string;
  state: string;
  /** How many times the provider was asked. */
  attempts: number;
  provider_refund_no: string | null;
  created_at: number;
  updated_at: number;
  refunded_at: number | null;
}

/** Owned by modules/ledger: every logged entry exactly as logged; its leaf hash, block and time are derived (migration 0044). */
export interface LedgerEntriesTable {
  idx: number;
  entry: Buffer;
}

/** Owned by modules/ledger: perfect-subtree hashes of tree levels 8, 16, … (the upper tile rows). */
export interface LedgerNodesTable {
  level: number;
  idx: number;
  hash: Buffer;
}

/** Owned by modules/ledger: every signed checkpoint; block 0 is the empty tree. Root is base64. */
export interface LedgerCheckpointsTable {
  block_height: number;
  tree_size: number;
  root_hash: string;
  note: string;
  created_at: number;
}

/** Owned by modules/ledger: one row (id 1), the compact range after the last block. */
export interface LedgerStateTable {
  id: number;
  tree_size: number;
  /** The frontier hashes of the compact range, 32 bytes each, largest subtree first. */
  frontier: Buffer;
  block_height: number;
  updated_at: number;
}

/** Owned by modules/evidence-library: an extraction code a holder handed out (only its scrypt hash). */
export interface EvidenceExtractionsTable {
  id: Generated<number>;
  extract_no: string;
  code_hash: string;
  holder_user_id: number;
  remark: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  failed_attempts: Generated<number>;
  locked_until: number | null;
  last_login_at: number | null;
  login_count: Generated<number>;
}

/** Owned by modules/evidence-library: the evidence one extraction code shows, in the holder's order. */
export interface EvidenceExtractionItemsTable {
  extraction_id: number;
  evidence_id: number;
  position: number;
}

/** Owned by modules/evidence-library: a third party's extraction login; the cookie value is stored as SHA-256. */
export interface EvidenceExtractionSessionsTable {
  token_hash: string;
  extraction_id: number;
  created_at: number;
  expires_at: number;
}

/** Owned by modules/chain: each configured witness, what it last cosigned and whether it answered. */
export interface LedgerWitnessesTable {
  name: string;
  url: string;
  verifier_key: string;
  cosigned_size: number | null;
  status: Generated<number>;
  last_error: string | null;
  updated_at: number;
}

/** Owned by modules/chain: a verified witness cosignature line for the checkpoint of tree_size. */
export interface LedgerCosignaturesTable {
  tree_size: number;
  witness_name: string;
  line: string;
  cosigned_at: number;
}

/** Owned by modules/chain: a verified RFC 3161 timestamp token over the checkpoint's root hash. */
export interface LedgerTimestampsTable {
  tree_size: number;
  root_hash: string;
  tsa_url: string;
  token: Buffer;
  gen_time: number;
  serial_number: string;
  created_at: number;
}

/** Owned by modules/evidence: one row per piece of evidence (migration 0007). */
export interface EvidenceRecordsTable {
  id: Generated<number>;
  certificate_no: string;
  holder_user_id: number;
  holder_name: string;
  kind: string;
  name: string;
  size: number;
  sha256: string;
  sm3: string;
  created_at: number;
  status: string;
  ledger_index: number | null;
  block_height: number | null;
  leaf_hash: string | null;
  ledger_size_hint: number;
  parent_id: number | null;
  blob_sha256: string | null;
  entry_json: string;
  meta_salt: string;
  details: string;
  deleted_at: number | null;
  updated_at: number;
}

/** Owned by modules/console/operators: the console's operator accounts (migration 0015). */
export interface OperatorsTable {
  id: Generated<number>;
  /** Lower case, as typed at creation. */
  account: string;
  name: string;
  password_hash: string;
  status: "active" | "disabled";
  is_demo: number;
  /** AES-256-GCM sealed base32 TOTP secret (console-secret-key.ts); null until enrolment is confirmed. */
  totp_secret: string | null;
  /** The sealed secret shown during enrolment, before the first code confirms it. */
  totp_pending_secret: string | null;
  totp_enrolled_at: number | null;
  /** The last accepted TOTP time step; a code of that step or an earlier one is refused. */
  totp_last_step: number | null;
  /** Wrong codes since the current pending session began. */
  second_factor_failures: Generated<number>;
  created_at: number;
  updated_at: number;
  last_login_at: number | null;
}

/** Owned by modules/console/operators. */
export interface OperatorRolesTable {
  operator_id: number;
  role: string;
}

/** Owned by modules/console/operators: HMAC-SHA256 of each one-time recovery code. */
export interface OperatorRecoveryCodesTable {
  id: Generated<number>;
  operator_id: number;
  code_hash: string;
  used_at: number | null;
  created_at: number;
}

/** Owned by modules/console/audit: the append-only trail of operator actions. */
export interface OperatorAuditTable {
  id: Generated<number>;
  /** Null for actions taken on the command line. */
  operator_id: number | null;
  operator_account: string;
  action: string;
  target_type: string;
  target_id: string;
  target_label: string | null;
  before_json: string | null;
  after_json: string | null;
  reason: string | null;
  /** 32 random bytes (hex) of the ledger entry's commitment. */
  salt: string;
  created_at: number;
  /** The ledger's size before the first append was tried; null until a process tries. */
  ledger_size_hint: number | null;
  ledger_index: number | null;
  ledger_block: number | null;
}

/** Owned by modules/invoice: a customer's invoice titles (发票信息). */
export interface InvoiceTitlesTable {
  id: Generated<number>;
  user_id: number;
  /** person | organisation */
  kind: string;
  name: string;
  taxpayer_id: string | null;
  registered_address: string | null;
  registered_phone: string | null;
  bank_name: string | null;
  bank_account: string | null;
  created_at: number;
  updated_at: number;
}

/** Owned by modules/invoice: where a customer's paper invoices are mailed (收件地址). */
export interface InvoiceAddressesTable {
  id: Generated<number>;
  user_id: number;
  recipient: string;
  mobile: string;
  /** 6-digit region codes (src/schema/regions.ts). */
  province: string;
  city: string;
  district: string;
  detail: string;
  created_at: number;
  updated_at: number;
}

/** Owned by modules/invoice: an application, its title and delivery as applied for; state per src/schema/invoice.ts. */
export interface InvoiceApplicationsTable {
  id: Generated<number>;
  user_id: number;
  invoice_kind: string;
  state: string;
  amount_fen: number;
  title_kind: string;
  title_name: string;
  taxpayer_id: string | null;
  registered_address: string | null;
  registered_phone: string | null;
  bank_name: string | null;
  bank_account: string | null;
  email: string | null;
  /** The mailing address in one line (recipient, mobile, region, detail). */
  mailing_address: string | null;
  remark: string | null;
  reject_reason: string | null;
  decided_at: number | null;
  /** The deciding operator's account. */
  decided_by: string | null;
  reverse_reason: string | null;
  reverse_requested_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Owned by modules/invoice: the paid recharge orders an application invoices (copied from payment_orders). */
export interface InvoiceOrderLinksTable {
  id: Generated<number>;
  application_id: number;
  payment_order_id: number;
  merchant_order_no: string;
  amount_fen: number;
  channel: string;
  paid_at: number;
  /** 1 while the application holds the order, null once it let it go; unique with payment_order_id. */
  holds: number | null;
}

/** Owned by modules/invoice: the invoices a provider issued (blue, and the red one of a 红冲). */
export interface IssuedInvoicesTable {
  id: Generated<number>;
  application_id: number;
  user_id: number;
  direction: string;
  invoice_no: string;
  provider: string;
  /** Negative for a red invoice. */
  amount_fen: number;
  issued_at: number;
  /** The PDF's SHA-256, its name in the blob store. */
  file_sha256: string;
  /** 32 random bytes (hex) of the ledger entry's commitment (src/schema/invoice-entry.ts). */
  ledger_salt: string;
  /** The ledger's size before the entry was appended: where a recovery starts looking for it. */
  ledger_size_hint: number;
  ledger_index: number | null;
  ledger_block: number | null;
  created_at: number;
}

/** Owned by modules/seal: each certificate the platform seal CA issued; the private key sealed (AES-256-GCM). */
export interface SealCertificatesTable {
  id: Generated<number>;
  user_id: number;
  serial_number: string;
  certificate_pem: string;
  sealed_private_key: string;
  not_before: number;
  not_after: number;
  fingerprint: string;
  created_at: number;
}

/** Owned by modules/seal: one organisation's seal; `state` moves only by SEAL_LIFECYCLE. */
export interface SealConfigsTable {
  user_id: number;
  state: string;
  image_source: string;
  bottom_text: string | null;
  image_blob: string | null;
  /** JSON array of device ids. */
  allowed_device_ids: string;
  certificate_id: number | null;
  created_at: number;
  updated_at: number;
}

/** Owned by modules/seal: one sealed PDF; "pending" until its evidence is stored, then "sealed". */
export interface SealingsTable {
  id: Generated<number>;
  user_id: number;
  state: string;
  document_name: string;
  source: string;
  source_certificate_no: string | null;
  pages: number;
  sealed_page: number;
  certificate_id: number;
  certificate_serial: string;
  signature_info: string;
  timestamp: string;
  size: number;
  sha256: string;
  sm3: string;
  blob_sha256: string;
  certificate_no: string;
  evidence_id: number | null;
  created_at: number;
}

/** Issue 17: every digital report issued (modules/digital-report); items_json holds its checks as issued. */
export interface DigitalReportsTable {
  id: Generated<number>;
  user_id: number;
  /** pending: PDF in the blob store, not yet stored as evidence; stored. */
  state: string;
  name: string;
  purpose: string | null;
  evidence_count: number;
  failed_count: number;
  verdict: string;
  tree_size: number;
  root_hash: string;
  items_json: string;
  size: number;
  sha256: string;
  sm3: string;
  blob_sha256: string;
  certificate_no: string;
  evidence_id: number | null;
  created_at: number;
}

/** Owned by modules/lawyer: accounts marked as lawyers and their profiles (practice areas as JSON text). */
export interface LawyerProfilesTable {
  user_id: number;
  display_name: string;
  law_firm: string;
  practice_areas: string;
  licence_no: string;
  introduction: string;
  /** 1 while marked; 0 once the mark was taken away (the threads it answered keep naming it). */
  is_active: number;
  marked_at: number;
  updated_at: number;
}

/** Owned by modules/lawyer: one consultation thread; each side's read mark is the newest message id it has seen. */
export interface ConsultationsTable {
  id: Generated<number>;
  user_id: number;
  lawyer_id: number;
  title: string;
  state: string;
  request_key: string | null;
  summary: string | null;
  closed_at: number | null;
  user_read_id: number;
  lawyer_read_id: number;
  user_notified_at: number | null;
  lawyer_notified_at: number | null;
  last_message_at: number;
  created_at: number;
}

/** Owned by modules/lawyer: the evidence a thread links, as it was when the thread began. */
export interface ConsultationEvidenceTable {
  consultation_id: number;
  position: number;
  evidence_id: number;
  kind: string;
  name: string;
  certificate_no: string;
  sha256: string;
  sm3: string;
  size: number;
  stored_at: number;
  ledger_index: number | null;
}

/** Owned by modules/lawyer: a thread's messages (side "user" or "lawyer"). */
export interface ConsultationMessagesTable {
  id: Generated<number>;
  consultation_id: number;
  side: string;
  text: string;
  request_key: string | null;
  created_at: number;
}

/** Owned by modules/lawyer: a message's files; the bytes are the blob named by `sha256`. */
export interface ConsultationAttachmentsTable {
  id: Generated<number>;
  consultation_id: number;
  message_id: number;
  file_name: string;
  content_type: string;
  size: number;
  sha256: string;
  created_at: number;
}

/** Owned by modules/judicial-expert: an appraisal institution the platform works with (kept by operators). */
export interface AppraisalInstitutionsTable {
  id: Generated<number>;
  name: string;
  license_no: string;
  region: string;
  address: string;
  phone: string;
  scope: string;
  introduction: string;
  /** 1: new commissions may choose it. */
  accepts_commissions: number;
  created_at: number;
  updated_at: number;
}

/** Owned by modules/judicial-expert: a user account attached to an institution as its expert. */
export interface AppraisalExpertsTable {
  user_id: number;
  institution_id: number;
  name: string;
  created_at: number;
}

/** Owned by modules/judicial-expert: one commission; `state` moves only by COMMISSION_LIFECYCLE. */
export interface AppraisalCommissionsTable {
  id: Generated<number>;
  commission_no: string;
  /** The applicant's main account. */
  user_id: number;
  institution_id: number;
  state: string;
  applicant_name: string;
  matters: string;
  contact_name: string;
  contact_mobile: string;
  contact_email: string | null;
  evidence_count: number;
  fee_fen: number | null;
  expected_days: number | null;
  /** The billing reservation holding the fee, once paid. */
  reservation_id: number | null;
  decline_reason: string | null;
  /** The opinion as uploaded; its evidence id once stored (pending until then). */
  opinion_certificate_no: string | null;
  opinion_file_name: string | null;
  opinion_size: number | null;
  opinion_sha256: string | null;
  opinion_sm3: string | null;
  opinion_evidence_id: number | null;
  opinion_expert_id: number | null;
  created_at: number;
  updated_at: number;
}

/** Owned by modules/judicial-expert: one commissioned evidence, its facts frozen at commission time. */
export interface AppraisalCommissionEvidenceTable {
  commission_id: number;
  evidence_id: number;
  position: number;
  kind: string;
  name: string;
  certificate_no: string;
  sha256: string;
  sm3: string;
  size: number;
  stored_at: number;
  ledger_index: number | null;
}

/** Owned by modules/judicial-expert: one state change of a commission, for its timeline. */
export interface AppraisalCommissionEventsTable {
  id: Generated<number>;
  commission_id: number;
  action: string;
  from_state: string | null;
  to_state: string;
  actor: string;
  actor_user_id: number;
  actor_name: string;
  note: string | null;
  created_at: number;
}

/** Owned by modules/monitor: a protected work (an uploaded file, or a stored evidence record) and its fingerprints (JSON). */
export interface MonitorWorksTable {
  id: Generated<number>;
  user_id: number;
  /** WORK_KINDS of src/schema/monitor.ts. */
  kind: string;
  name: string;
  sha256: string;
  size: number;
  content_type: string;
  /** Kind evidence: the stored record. */
  evidence_id: number | null;
  summary: string;
  duration_ms: number | null;
  /** Null until computed; set with `failure` null once ready. */
  fingerprint_json: string | null;
  failure: string | null;
  created_at: number;
}

/** Owned by modules/monitor: one monitoring task; `next_run_at` is the scheduler's, so a restart loses nothing. */
export interface MonitorTasksTable {
  id: Generated<number>;
  /** 128 random bits, hex: the billing reservations' reference (`<uid>:<week>`). */
  uid: string;
  task_no: string;
  user_id: number;
  channel: string;
  name: string;
  /** MONITOR_TASK_STATES. */
  state: string;
  stop_reason: string | null;
  keywords_json: string;
  exclude_keywords_json: string;
  frequency: string;
  weeks: number;
  weekly_fee_fen: number;
  auto_capture: number;
  start_at: number;
  end_at: number | null;
  next_run_at: number | null;
  last_run_at: number | null;
  request_key: string | null;
  created_at: number;
  updated_at: number;
}

/** Owned by modules/monitor: the works a task protects. */
export interface MonitorTaskWorksTable {
  task_id: number;
  work_id: number;
}

/** Owned by modules/monitor: the sites a task watches, in the order given. */
export interface MonitorSitesTable {
  id: Generated<number>;
  task_id: number;
  position: number;
  /** web | app | searchEngine. */
  kind: string;
  name: string;
  url: string;
  depth: number;
  max_pages: number;
}

/** Owned by modules/monitor: a task's billing weeks; each holds one billing reservation (service "monitoring"). */
export interface MonitorWeeksTable {
  task_id: number;
  /** 1, 2, … */
  week: number;
  reservation_id: number;
  amount_fen: number;
  /** reserved | settled | released. */
  state: string;
  starts_at: number;
  ends_at: number;
  /** Crawls finished in the week: a week with none is released, not settled. */
  runs: number;
  closed_at: number | null;
}

/** Owned by modules/monitor: one crawl of one site; queued rows are the crawl queue. */
export interface MonitorRunsTable {
  id: Generated<number>;
  task_id: number;
  site_id: number;
  /** queued | running | done | failed. */
  state: string;
  /** The site id while running, else null (unique: one crawl per site at a time). */
  site_busy: number | null;
  pages: number;
  bytes: number;
  skipped_by_robots: number;
  hits: number;
  attempts: number;
  failure: string | null;
  queued_at: number;
  started_at: number | null;
  ended_at: number | null;
}

/** Owned by modules/monitor: pages already matched per task (by address), with the digest of what was compared. */
export interface MonitorSeenTable {
  task_id: number;
  url_sha256: string;
  content_sha256: string;
  seen_at: number;
}

/** Owned by modules/monitor: a hit: where, what matched and why, its review and its web evidence. */
export interface MonitorHitsTable {
  id: Generated<number>;
  task_id: number;
  user_id: number;
  site_id: number;
  run_id: number;
  work_id: number | null;
  channel: string;
  url: string;
  hit_key: string;
  title: string;
  author: string | null;
  publish_at: number | null;
  found_at: number;
  match_type: string;
  score: number;
  /** HitMatchSchema of src/schema/monitor.ts. */
  match_json: string;
  review: string;
  review_note: string | null;
  reviewed_at: number | null;
  /** none | capturing | stored | failed. */
  evidence_state: string;
  capture_id: number | null;
  evidence_id: number | null;
  certificate_no: string | null;
  evidence_failure: string | null;
}

/** Owned by modules/monitor: a generated report (PDF blob by SHA-256) and its ledger entry. */
export interface MonitorReportsTable {
  id: Generated<number>;
  user_id: number;
  report_no: string;
  channel: string;
  period_start: number;
  period_end: number;
  task_count: number;
  hit_count: number;
  evidence_count: number;
  sha256: string;
  size: number;
  ledger_index: number | null;
  created_at: number;
}

/** Owned by modules/help-center: the menu tree (parent_id null under the root; code null for a group). */
export interface HelpMenusTable {
  id: Generated<number>;
  parent_id: number | null;
  name: string;
  code: HelpMenuKind | null;
  state: PublicationState;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

/** Owned by modules/help-center: articles of the article leaves; law-case columns for HLLAWCASE only. */
export interface HelpArticlesTable {
  id: Generated<number>;
  menu_id: number;
  title: string;
  type_name: string;
  brief: string;
  summary: string;
  content: string;
  published_at: number;
  court_name: string | null;
  case_no: string | null;
  /** YYYY-MM-DD */
  judged_on: string | null;
  evidence_channel: string | null;
  case_type: string | null;
  area: string | null;
  state: PublicationState;
  sort_order: number;
  created_at: number;
  updated_at: number;
}

/**
 * Owned by server/search: every searchable document, its text and its jieba-segmented text. SQLite
 * mirrors the tokens in the FTS5 table search_fts (rowid = id); PostgreSQL has a generated
 * search_vector column, which no query writes.
 */
export interface SearchDocumentsTable {
  id: Generated<number>;
  collection: string;
  ref: string;
  title: string;
  body: string;
  title_tokens: string;
  body_tokens: string;
  updated_at: number;
}

/** Owned by modules/lawsuit-package: holder checks per hashed address, for the hourly limit. */
export interface LawsuitPackageAttemptsTable {
  id: Generated<number>;
  address_hash: string;
  attempted_at: number;
  passed: number;
}

/**
 * Owned by modules/evidence-library: one packaging job (state by PACKAGE_JOB_LIFECYCLE) of a kind
 * (PACKAGE_KINDS: the evidence library's, or a litigation package whose job_key is its ticket's
 * hash); items_json is [{holderUserId, id}] of the records packed, in order; units are bytes plus a
 * per-item allowance, for the countdown; run_started_at is the real clock (not the app's), as the
 * measured rate must be; detail_json is what the kind tells its asker of the files written.
 */
export interface EvidencePackagesTable {
  id: Generated<number>;
  kind: string;
  job_key: string;
  owner: string;
  state: string;
  items_json: string;
  file_name: string;
  total: number;
  done: number;
  units_total: number;
  units_done: number;
  attempts: number;
  message: string | null;
  size: number | null;
  created_at: number;
  run_started_at: number | null;
  finished_at: number | null;
  expires_at: number | null;
  detail_json: string | null;
}

/** Owned by modules/payment (development cashier only): the simulated provider's attempts; request_json is the PaymentRequest. */
export interface DevelopmentCashierAttemptsTable {
  merchant_order_no: string;
  request_json: string;
  provider_trade_no: string;
  outcome: string;
  taken_fen: number;
  created_at: number;
}

/** Owned by modules/payment (development cashier only): its refunds by refund number. */
export interface DevelopmentCashierRefundsTable {
  merchant_order_no: string;
  refund_no: string;
  state: string;
  provider_refund_no: string | null;
  refund_fen: number | null;
  created_at: number;
}

/** Owned by modules/legal-ai. */
export interface LegalConversationsTable {
  id: Generated<number>;
  uid: string;
  user_id: number;
  title: string;
  /** SHA-256 of the live share id, or null. */
  share_hash: string | null;
  shared_at: number | null;
  created_at: number;
  updated_at: number;
}

/** Owned by modules/legal-ai: citations_json is a JSON array of Citation (src/schema/legal-ai.ts). */
export interface LegalMessagesTable {
  id: Generated<number>;
  conversation_id: number;
  role: "user" | "assistant";
  content: string;
  mode: "model" | "extractive" | null;
  citations_json: string;
  created_at: number;
}

/** Owned by modules/legal-ai: one row per question, for the hourly limit. */
export interface LegalQuestionsTable {
  id: Generated<number>;
  user_id: number;
  asked_at: number;
}

/** Owned by server/jobs/requested-jobs.ts (migration 0038): work a user asked for, made by a job process. */
export interface JobRequestsTable {
  id: Generated<number>;
  queue: string;
  user_id: number;
  /** queued | running | done | failed */
  state: string;
  input_json: string;
  result_json: string | null;
  /** {code, message, errors?}: the BusinessError the asker is answered with. */
  error_json: string | null;
  attempts: number;
  created_at: number;
  updated_at: number;
}
