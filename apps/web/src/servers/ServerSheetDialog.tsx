/**
 * A server's own sheet, beside the list (master–detail): what it is and runs, its tools and their
 * permissions, Claude Code's logs of it and its own history. Loaded when first opened.
 */
import { useEffect, useId, useRef, useState, type ReactNode, type Ref } from 'react';
import { CheckResultView, CheckRunning, type RowCheck } from '../check';
import { ServerHistory } from '../history';
import { checkSummary, ServerLogs } from '../logs';
import { isWritable, type WritableServer } from '../rows';
import { scopeLabel } from '../scopes';
import type { ServerEntry } from '../trpc';
import { Dialog } from '../ui/Dialog';
import { sourceLabel, targetText, transportLabel } from './row-display';
import { rowVerdict } from './row-verdict';
import { useLastCheck } from './api';
import { checkedAgo } from './row-failure';
import { SecretList } from './SecretList';
import { SheetControls } from './SheetControls';
import './server-details.css';
import './server-sheet.css';

interface ServerSheetDialogProps {
  server: ServerEntry;
  projectPath: string;
  check: RowCheck | undefined;
  /** Where the sheet opens: at its tools (Context cost's `Tools of <name>`), or at its top. */
  at?: 'tools' | undefined;
  /** A managed config is in control, or the rows are another project's: nothing can change. */
  locked: boolean;
  onCheck: (server: WritableServer, projectPath: string) => void;
  /** The sheet's `Remove <name>`: the list asks in its dialog, over the sheet. */
  onRemove: (server: WritableServer, projectPath: string) => void;
  onClose: () => void;
}

export function ServerSheetDialog({
  server,
  projectPath,
  check,
  at,
  locked,
  onCheck,
  onRemove,
  onClose,
}: ServerSheetDialogProps) {
  const toolsHeading = useRef<HTMLHeadingElement>(null);
  // After the dialog's own first focus (its layout effect): the Tools heading, in view.
  useEffect(() => {
    if (at !== 'tools') return;
    toolsHeading.current?.scrollIntoView({ block: 'start' });
    toolsHeading.current?.focus();
  }, [at]);
  // No check made in this page: the one the server kept, as if made now (its tools, or why it failed).
  const kept = useLastCheck(server, projectPath, check === undefined);
  const keptCheck = check === undefined ? (kept.data ?? undefined) : undefined;
  const shownCheck: RowCheck | undefined =
    keptCheck === undefined ? check : { state: 'done', result: keptCheck };
  const verdict = rowVerdict(server, shownCheck?.state === 'done' ? shownCheck.result.status : undefined);
  return (
    <Dialog title={server.name} onClose={onClose} size="sheet">
      <form method="dialog" className="server-sheet-close">
        <button type="submit" className="secondary small">
          Close
        </button>
      </form>
      <SheetControls
        server={server}
        projectPath={projectPath}
        check={check}
        locked={locked}
        onCheck={onCheck}
        onRemove={onRemove}
      />
      <SheetSection title="Details">
        <dl className="detail-list">
          <div>
            <dt>Scope</dt>
            <dd>{scopeLabel(server.scope)}</dd>
          </div>
          <div>
            <dt>Transport</dt>
            <dd>{transportLabel(server)}</dd>
          </div>
          <div>
            <dt>{server.command === undefined ? 'URL' : 'Command'}</dt>
            <dd>
              <code className="target">{targetText(server)}</code>
              <SecretList title="env" values={server.env} />
              <SecretList title="headers" values={server.headers} />
            </dd>
          </div>
          {server.source !== undefined && (
            <div>
              <dt>Kept in</dt>
              <dd>
                <code className="path">{sourceLabel(server.source, projectPath)}</code>
                {server.scope === 'project' && (
                  <span className="reason">
                    Your own on/off choice: .claude/settings.local.json (personal)
                  </span>
                )}
              </dd>
            </div>
          )}
          <div>
            <dt>Claude Code</dt>
            <dd>
              {verdict.sentence}
              <span className="reason">{server.statusReason}</span>
            </dd>
          </div>
        </dl>
      </SheetSection>
      <SheetSection title="Tools" headingRef={toolsHeading}>
        {keptCheck !== undefined && <CheckedWhen checkedAt={keptCheck.checkedAt} />}
        <SheetTools server={server} projectPath={projectPath} check={shownCheck} locked={locked} />
      </SheetSection>
      {/* Plugin servers are named plugin:…: Claude Code's logs of them are not read here. */}
      {server.scope !== 'plugin' && (
        <SheetSection title="Logs">
          <ServerLogs server={server} projectPath={projectPath} checkSummary={checkSummary(check)} />
        </SheetSection>
      )}
      <SheetSection title={`History of ${server.name}`}>
        <ServerHistory server={server} locked={locked} />
      </SheetSection>
    </Dialog>
  );
}

/** When the kept check ran: "Last checked 2 h ago", the exact time on hover. */
function CheckedWhen({ checkedAt }: { checkedAt: number }) {
  const [now] = useState(Date.now);
  const when = new Date(checkedAt);
  return (
    <p className="muted">
      Last checked{' '}
      <time dateTime={when.toISOString()} title={when.toLocaleString()}>
        {checkedAgo(checkedAt, now)}
      </time>
      , before this page opened.
    </p>
  );
}

/** One part of the sheet: a region named by its heading. */
function SheetSection({
  title,
  children,
  headingRef,
}: {
  title: string;
  children: ReactNode;
  /** For a section the sheet may open at: its heading takes focus. */
  headingRef?: Ref<HTMLHeadingElement>;
}) {
  const headingId = useId();
  return (
    <section className="sheet-section" aria-labelledby={headingId}>
      <h3 id={headingId} ref={headingRef} tabIndex={headingRef === undefined ? undefined : -1}>
        {title}
      </h3>
      {children}
    </section>
  );
}

/**
 * The last check's tools with their permissions, or where the check is: the sheet's one
 * `Check <name>` is among its controls above (a second here would share its name).
 */
function SheetTools({
  server,
  projectPath,
  check,
  locked,
}: Omit<ServerSheetDialogProps, 'onClose' | 'onRemove' | 'onCheck'>) {
  if (check !== undefined && check.state !== 'running') {
    return <CheckResultView serverName={server.name} projectPath={projectPath} check={check} />;
  }
  // A stashed server is in no config Claude Code reads: there is nothing to check.
  const checkable = isWritable(server) && server.disabled !== true && !locked;
  return (
    <p className="sheet-tools-empty">
      {check?.state === 'running' ? (
        <CheckRunning serverName={server.name} check={check} />
      ) : checkable ? (
        `Not checked yet: Check ${server.name}, above, lists its tools.`
      ) : (
        'Not checked yet: a check lists its tools.'
      )}
    </p>
  );
}
