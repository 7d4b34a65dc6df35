// The fund's two charts, on Chakra's charts package (recharts): a chunk of its own, fetched only
// when the fund page shows them. Each chart is a picture of what the sentence above it says
// (the days' first, last and highest values), so the drawing itself is hidden from assistive
// technology.
import { Chart, useChart } from "@chakra-ui/charts";
import { Box, Flex, Heading, Stack, Text } from "@chakra-ui/react";
import { Area, AreaChart, Bar, BarChart, CartesianGrid, Tooltip, XAxis, YAxis } from "recharts";
import type { FundDay } from "../api/get-fund-asset";
import type { FundText } from "./use-fund-text";

/** A chart's row: what it draws (`value`) and the exact amount it stands for (`text`). */
interface Row {
  readonly text: string;
}

/** One chart of the days: its heading, its summary in words, and the drawing. */
function DayChart({
  id,
  title,
  summary,
  days,
  pick,
  kind,
  f,
  asset,
}: {
  readonly id: string;
  readonly title: string;
  readonly summary: string;
  readonly days: readonly FundDay[];
  readonly pick: (day: FundDay) => string;
  readonly kind: "bar" | "area";
  readonly f: FundText;
  readonly asset: string;
}) {
  const data = days.map((day) => ({ date: day.date, value: Number(pick(day)), text: pick(day) }));
  const chart = useChart({ data, series: [{ name: "value", color: kind === "bar" ? "teal.solid" : "blue.solid" }] });
  const tooltip = (
    <Tooltip
      animationDuration={100}
      cursor={kind === "bar" ? { fill: chart.color("bg.muted") as string } : { stroke: chart.color("border.emphasized") as string }}
      content={
        <Chart.Tooltip
          labelFormatter={(label) => (typeof label === "string" ? f.day(label) : label)}
          render={(row) => <Text fontVariantNumeric="tabular-nums">{f.amount((row as unknown as Row).text, asset)}</Text>}
        />
      }
    />
  );
  const axes = (
    <>
      <CartesianGrid stroke={chart.color("border") as string} vertical={false} />
      <XAxis dataKey={chart.key("date")} tickLine={false} axisLine={false} tickFormatter={f.shortDay} minTickGap={24} />
      {/* The value moves by cents on hundreds: its axis spans the days' values, not from zero. */}
      <YAxis
        tickLine={false}
        axisLine={false}
        width={64}
        domain={kind === "bar" ? [0, "auto"] : ["auto", "auto"]}
        tickFormatter={chart.formatNumber({ notation: "compact" })}
      />
    </>
  );
  const [series] = chart.series;
  const color = chart.color(series?.color) as string;
  return (
    <Stack as="section" gap="3" aria-labelledby={id} flex="1" minWidth="0">
      <Heading as="h3" size="md" id={id}>
        {title}
      </Heading>
      <Text fontSize="sm" color="fg.muted">
        {summary}
      </Text>
      <Box aria-hidden="true">
        <Chart.Root height="48" chart={chart}>
          {kind === "bar" ? (
            <BarChart responsive data={chart.data} accessibilityLayer={false} tabIndex={-1} margin={{ left: 8, right: 8 }}>
              {axes}
              {tooltip}
              <Bar isAnimationActive={false} dataKey={chart.key("value")} fill={color} radius={[3, 3, 0, 0]} />
            </BarChart>
          ) : (
            <AreaChart responsive data={chart.data} accessibilityLayer={false} tabIndex={-1} margin={{ left: 8, right: 8 }}>
              {axes}
              {tooltip}
              <Area type="monotone" isAnimationActive={false} dataKey={chart.key("value")} fill={color} fillOpacity={0.2} stroke={color} strokeWidth={2} />
            </AreaChart>
          )}
        </Chart.Root>
      </Box>
    </Stack>
  );
}

/**
 * The daily interest and the fund's value at the end of each of the last days, each with its
 * summary in words (first and last day, total or highest).
 */
export function FundCharts({ days, asset, f }: { readonly days: readonly FundDay[]; readonly asset: string; readonly f: FundText }) {
  const { t } = f;
  const first = days[0];
  const last = days.at(-1);
  // Nothing held on any of the days: nothing to draw.
  const held = days.some((day) => Number(day.value) !== 0 || Number(day.profit) !== 0);
  if (!first || !last || !held) return <Text color="fg.muted">{t("fund.charts.empty")}</Text>;
  const highest = days.reduce((top, day) => (Number(day.profit) > Number(top.profit) ? day : top), first);
  const money = (text: string) => f.amount(text, asset);
  return (
    <Flex gap="8" direction={{ base: "column", lg: "row" }}>
      <DayChart
        id="fund-profit-chart"
        title={t("fund.charts.profit")}
        summary={t("fund.charts.profit_summary", {
          start: f.day(first.date),
          end: f.day(last.date),
          last: money(last.profit),
          high: money(highest.profit),
          highDay: f.day(highest.date),
        })}
        days={days}
        pick={(day) => day.profit}
        kind="bar"
        f={f}
        asset={asset}
      />
      <DayChart
        id="fund-value-chart"
        title={t("fund.charts.value")}
        summary={t("fund.charts.value_summary", {
          start: f.day(first.date),
          from: money(first.value),
          end: f.day(last.date),
          to: money(last.value),
        })}
        days={days}
        pick={(day) => day.value}
        kind="area"
        f={f}
        asset={asset}
      />
    </Flex>
  );
}
