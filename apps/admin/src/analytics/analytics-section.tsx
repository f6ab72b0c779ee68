import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import {
  Bar,
  BarChart,
  CartesianGrid,
  Line,
  LineChart,
  ResponsiveContainer,
  Tooltip,
  XAxis,
  YAxis,
} from 'recharts';

import { ErrorAlert, Loading, SelectField } from '../components/ui';
import { useTRPC, type RouterOutputs } from '../lib/trpc';
import type { TWorkspacePlanLimits } from '../workspace/use-workspace-plan';

type TStatRow = NonNullable<RouterOutputs['forms']['analytics']['browserStats']>[number];

const RANGE_OPTIONS = [
  { value: 'day', label: 'Last 24 hours' },
  { value: 'week', label: 'Last 7 days' },
  { value: 'month', label: 'Last 30 days' },
] as const;

const browserZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
// The browser's own zone first; 'UTC' is not in every engine's list of supported zones.
const ZONE_OPTIONS = [...new Set([browserZone, 'UTC', ...Intl.supportedValuesOf('timeZone')])].map(
  (zone) => ({
    value: zone,
    label: zone,
  }),
);

/**
 * Charts of a form's submissions. Analytics is a paid feature: owners whose plan has none get an upgrade prompt
 * instead of a request the server would refuse; PRO adds browsers and countries.
 */
export function AnalyticsSection({
  formId,
  analytics: planAnalytics,
}: {
  formId: string;
  /** The analytics the current workspace's plan includes (useWorkspacePlan). */
  analytics: TWorkspacePlanLimits['analytics'];
}) {
  return (
    <section aria-labelledby="analytics-heading">
      <h2 id="analytics-heading">Analytics</h2>
      {planAnalytics === 'none' ? (
        <div className="card">
          <p>
            Charts of your submissions come with the Standard plan; browsers and countries with Pro.{' '}
            <Link to="/billing">Upgrade on the billing page</Link>.
          </p>
        </div>
      ) : (
        <AnalyticsCharts formId={formId} />
      )}
    </section>
  );
}

function AnalyticsCharts({ formId }: { formId: string }) {
  const trpc = useTRPC();
  const [timeRange, setTimeRange] = useState('week');
  const [tz, setTz] = useState(browserZone);
  const analytics = useQuery({
    ...trpc.forms.analytics.queryOptions({ formId, timeRange, tz }),
    placeholderData: keepPreviousData,
  });

  return (
    <div className="card stack">
      <div className="row">
        <SelectField
          label="Range"
          value={timeRange}
          options={RANGE_OPTIONS}
          onChange={(e) => setTimeRange(e.target.value)}
        />
        <SelectField
          label="Time zone"
          value={tz}
          options={ZONE_OPTIONS}
          onChange={(e) => setTz(e.target.value)}
        />
      </div>
      {analytics.isPending ? <Loading what="analytics" /> : null}
      {analytics.isError ? <ErrorAlert error={analytics.error} /> : null}
      {analytics.isSuccess ? (
        <>
          <p>
            {analytics.data.totalSubmissions} submissions in all · {analytics.data.last24HoursSubmissions} in
            the last 24 hours · {analytics.data.dailySubmissionRate.toFixed(1)} a day
            {analytics.data.peakSubmissionHour === undefined
              ? ''
              : ` · busiest hour ${analytics.data.peakSubmissionHour}:00`}
          </p>
          <figure aria-label="Submissions over time" style={{ margin: 0 }}>
            <ResponsiveContainer width="100%" height={240}>
              <LineChart data={analytics.data.timeSeriesData}>
                <CartesianGrid strokeDasharray="3 3" stroke="var(--border)" />
                <XAxis dataKey="time" stroke="var(--muted)" />
                <YAxis allowDecimals={false} stroke="var(--muted)" />
                <Tooltip contentStyle={{ background: 'var(--surface)', color: 'var(--text)' }} />
                <Line type="monotone" dataKey="submissions" stroke="var(--accent)" strokeWidth={2} />
              </LineChart>
            </ResponsiveContainer>
            <figcaption className="hint">Submissions per {timeRange === 'day' ? 'hour' : 'day'}</figcaption>
          </figure>
          {analytics.data.browserStats ? (
            <StatChart title="Browsers" rows={analytics.data.browserStats} />
          ) : null}
          {analytics.data.locationStats ? (
            <StatChart title="Countries" rows={analytics.data.locationStats} />
          ) : null}
          {analytics.data.plan === 'STANDARD' ? (
            <p className="hint">
              Browsers and countries come with Pro: <Link to="/billing">upgrade</Link>.
            </p>
          ) : null}
        </>
      ) : null}
    </div>
  );
}

/** Room for the number axis, and for each bar with its label (a label is about 20 px high). */
const STAT_AXIS_HEIGHT = 40;
const STAT_ROW_HEIGHT = 36;

function StatChart({ title, rows }: { title: string; rows: TStatRow[] }) {
  return (
    <figure aria-label={title} style={{ margin: 0 }}>
      <h3>{title}</h3>
      {rows.length === 0 ? (
        <p className="hint">No data yet.</p>
      ) : (
        <ResponsiveContainer width="100%" height={STAT_AXIS_HEIGHT + rows.length * STAT_ROW_HEIGHT}>
          <BarChart data={rows} layout="vertical">
            <XAxis type="number" allowDecimals={false} stroke="var(--muted)" />
            {/* Every bar keeps its own name: the axis would otherwise drop labels it finds crowded. */}
            <YAxis type="category" dataKey="name" width={130} interval={0} stroke="var(--muted)" />
            <Tooltip contentStyle={{ background: 'var(--surface)', color: 'var(--text)' }} />
            <Bar dataKey="count" fill="var(--accent)" />
          </BarChart>
        </ResponsiveContainer>
      )}
    </figure>
  );
}
