// recollector-cli changes: what changed since a point in time, one row per memory, newest first
// (docs/cli.md, "changes"; the review inbox's own list: core::ChangeList).
#include "ArgParser.h"
#include "CliContext.h"
#include "Command.h"
#include "ProposalText.h"

#include "engine/review/ChangeDetail.h"
#include "engine/review/ChangeList.h"
#include "engine/review/ContentsDiff.h"
#include "engine/review/ReviewPoint.h"
#include "snapshot/SnapshotLoader.h"

#include <QDateTime>
#include <QJsonArray>

namespace recollector::cli {

using namespace recollector::core;

namespace {

std::optional<Millis> parseDate(const QString &text)
{
    return time::fromIso(text);
}

QJsonObject rowObject(const ChangeRow &row, const ChangeTexts &texts)
{
    QJsonObject o { { QStringLiteral("id"), row.memoryId },
                    { QStringLiteral("at"), time::toIso(row.at) },
                    { QStringLiteral("summary"), ChangeList::describe(row) },
                    { QStringLiteral("kinds"), QJsonArray::fromStringList(ChangeList::kindNames(row.kinds)) },
                    { QStringLiteral("actors"), QJsonArray::fromStringList(ChangeList::actorNames(row.actors)) },
                    { QStringLiteral("events"), row.events },
                    { QStringLiteral("category"), texts.category },
                    { QStringLiteral("projectPath"), texts.project },
                    { QStringLiteral("content"), texts.preview } };
    if (row.editedFields != 0)
        o.insert(QStringLiteral("fields"), QJsonArray::fromStringList(ChangeList::fieldNames(row.editedFields)));
    if (row.tierBefore && row.tierNow) {
        o.insert(QStringLiteral("tierBefore"), tierName(*row.tierBefore));
        o.insert(QStringLiteral("tier"), tierName(*row.tierNow));
    }
    return o;
}

} // namespace

class ChangesCommand final : public Command
{
public:
    QString name() const override { return QStringLiteral("changes"); }
    QString summary() const override { return QStringLiteral("what changed since a date or your last review, one line per memory, newest first; "
                                                       "--between D1 D2: added, removed and changed between two dates, each memory as it was at each"); }
    QString usage() const override
    {
        return QStringLiteral("[--since DATE | --since-review | --between DATE DATE] [--by assistant|mcp|file|import|user|system] "
                              "[--kind KIND] [--category NAME] [--project PATH] [--mark-reviewed]");
    }

    int run(CliContext &ctx, const QStringList &args) override
    {
        ArgParser p({ QStringLiteral("since"), QStringLiteral("between"), QStringLiteral("by"), QStringLiteral("kind"),
                      QStringLiteral("category"), QStringLiteral("project") },
                    { QStringLiteral("since-review"), QStringLiteral("mark-reviewed") });
        if (!p.parse(args))
            return ctx.fail(QStringLiteral("changes: ") + p.error(), 2);
        if (p.isSet(QStringLiteral("mark-reviewed")))
            return markReviewed(ctx, args.size() == 1);
        ChangeQuery query;
        query.now = ctx.now();
        if (const int code = readRange(ctx, p, query); code != 0)
            return code;
        if (const int code = readFilter(ctx, p, query.filter); code != 0)
            return code;
        auto snapshot = SnapshotLoader::load(*ctx.store(), ctx.config(), {});
        if (!snapshot)
            return ctx.fail(snapshot.error());
        auto rows = ChangeList::build(*ctx.store(), query, &*snapshot, &ctx.profile());
        if (!rows)
            return ctx.fail(rows.error());
        const std::vector<ChangeTexts> texts = ChangeList::texts(*rows, *snapshot); // every row is printed
        if (p.isSet(QStringLiteral("between")))
            return printBetween(ctx, query, *rows, texts);
        // The assistant's proposals wait whatever the range (approval mode): listed first.
        std::vector<Proposal> proposals;
        if (query.filter.kinds == 0 && (query.filter.actors == 0 || (query.filter.actors & std::uint8_t(ChangeActor::Assistant)))) {
            auto pending = Proposals::pending(*ctx.store());
            if (!pending)
                return ctx.fail(pending.error());
            proposals = std::move(*pending);
        }
        return print(ctx, *rows, texts, proposals);
    }

private:
    ReviewState m_review;

    int markReviewed(CliContext &ctx, bool alone)
    {
        if (!alone)
            return ctx.fail(QStringLiteral("changes: --mark-reviewed takes no other option"), 2);
        auto state = ReviewPoint::finished(*ctx.store(), ctx.now());
        if (!state)
            return ctx.fail(state.error());
        if (const Status st = ReviewPoint::write(*ctx.store(), ReviewPoint::currentUser(), *state); !st)
            return ctx.fail(st.error());
        ctx.out() << "reviewed through " << time::toIso(state->reviewedAt) << "\n";
        ctx.out().flush();
        return 0;
    }

    int readRange(CliContext &ctx, const ArgParser &p, ChangeQuery &query)
    {
        const int modes = int(p.isSet(QStringLiteral("since"))) + int(p.isSet(QStringLiteral("since-review")))
            + int(p.isSet(QStringLiteral("between")));
        if (modes > 1)
            return ctx.fail(QStringLiteral("changes: give one of --since, --since-review and --between"), 2);
        const QStringList rest = p.positional();
        if (p.isSet(QStringLiteral("between")) ? rest.size() != 1 : !rest.isEmpty())
            return ctx.fail(QStringLiteral("changes: --between takes two dates (--between 2026-05-01 2026-05-08)"), 2);
        if (const auto since = p.value(QStringLiteral("since"))) {
            const auto from = parseDate(*since);
            if (!from)
                return ctx.fail(QStringLiteral("changes: --since \"%1\" is not a date (2026-05-01 or 2026-05-01T09:00:00Z)").arg(*since), 2);
            query.range.from = *from;
            query.tiersFrom = *from;
            return 0;
        }
        if (const auto between = p.value(QStringLiteral("between"))) {
            const auto from = parseDate(*between);
            const auto to = parseDate(rest.first());
            for (const auto &[date, text] : { std::pair { from, *between }, std::pair { to, rest.first() } }) {
                if (!date)
                    return ctx.fail(QStringLiteral("changes: --between: \"%1\" is not a date (2026-05-01 or 2026-05-01T09:00:00Z)").arg(text), 2);
            }
            if (*to < *from)
                return ctx.fail(QStringLiteral("changes: --between \"%1\" \"%2\": two dates, the earlier first").arg(*between, rest.first()), 2);
            query.range.from = *from;
            query.range.to = *to;
            return 0;
        }
        // The default: since the last review (everything when there was none).
        auto review = ReviewPoint::read(*ctx.store(), ReviewPoint::currentUser());
        if (!review)
            return ctx.fail(review.error());
        m_review = *review;
        query.range.afterEventId = m_review.throughEventId;
        query.tiersFrom = m_review.reviewedAt;
        query.review = &m_review;
        return 0;
    }

    static int readFilter(CliContext &ctx, const ArgParser &p, ChangeFilter &filter)
    {
        if (const auto by = p.value(QStringLiteral("by"))) {
            const auto actors = ChangeList::actorsFromName(*by);
            if (!actors)
                return ctx.fail(QStringLiteral("changes: --by \"%1\": one of assistant, mcp, file, import, user, system").arg(*by), 2);
            filter.actors = *actors;
        }
        if (const auto kind = p.value(QStringLiteral("kind"))) {
            const auto k = ChangeList::kindFromName(*kind);
            if (!k)
                return ctx.fail(QStringLiteral("changes: --kind \"%1\": one of %2").arg(*kind, ChangeList::kindNames(~0u).join(QStringLiteral(", "))), 2);
            filter.kinds = std::uint32_t(*k);
        }
        if (const auto category = p.value(QStringLiteral("category")))
            filter.category = *category;
        if (const auto project = p.value(QStringLiteral("project")))
            filter.project = *project;
        return 0;
    }

    static int print(CliContext &ctx, const std::vector<ChangeRow> &rows, const std::vector<ChangeTexts> &texts,
                     const std::vector<Proposal> &proposals)
    {
        if (ctx.json) {
            QJsonArray array;
            for (const Proposal &proposal : proposals)
                array.append(proposalObject(ctx, proposal));
            for (std::size_t i = 0; i < rows.size(); ++i)
                array.append(rowObject(rows[i], texts[i]));
            ctx.printJson(array);
            return 0;
        }
        for (const Proposal &proposal : proposals)
            printProposalLine(ctx, proposal);
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const ChangeRow &row = rows[i];
            const QString when = QDateTime::fromMSecsSinceEpoch(row.at, Qt::UTC).toString(QStringLiteral("yyyy-MM-dd HH:mm"));
            ctx.out() << when << "  " << row.memoryId << "  " << ChangeList::describe(row) << "  "
                      << texts[i].preview.left(60).replace(QLatin1Char('\n'), QLatin1Char(' ')) << "\n";
        }
        ctx.out() << rows.size() << (rows.size() == 1 ? " change" : " changes") << "\n";
        ctx.out().flush();
        return 0;
    }

    // The difference between two dates (docs/scoring.md#contents-as-of): the inbox's rows of
    // the range, each memory compared as it was at each date, rebuilt from the events.
    static int printBetween(CliContext &ctx, const ChangeQuery &query, const std::vector<ChangeRow> &rows,
                            const std::vector<ChangeTexts> &texts)
    {
        // Only the listed memories can differ between the two dates: only they are rebuilt.
        QStringList ids;
        ids.reserve(qsizetype(rows.size()));
        for (const ChangeRow &row : rows)
            ids << row.memoryId;
        const QSet<QString> listed(ids.cbegin(), ids.cend());
        auto from = ContentsAsOf::rebuild(*ctx.store(), query.range.from, &listed);
        auto to = from ? ContentsAsOf::rebuild(*ctx.store(), query.range.to, &listed) : from;
        if (!to)
            return ctx.fail(to.error());
        auto diffs = ContentsDiff::ofAll(*ctx.store(), *from, *to, ids);
        if (!diffs)
            return ctx.fail(diffs.error());
        QJsonArray lists[3];
        QStringList lines;
        for (std::size_t i = 0; i < rows.size(); ++i) {
            const std::optional<ContentsDiff> &diff = (*diffs)[i];
            if (!diff)
                continue; // the same at both dates (came and went, or changed back)
            QJsonObject o = rowObject(rows[i], texts[i]);
            o.insert(QStringLiteral("before"), diff->before);
            o.insert(QStringLiteral("after"), diff->after);
            if (!diff->exact)
                o.insert(QStringLiteral("exact"), false);
            lists[int(diff->kind)].append(o);
            lines << betweenLine(*diff, rows[i], texts[i]);
        }
        const QJsonArray &added = lists[int(ContentsDiff::Kind::Added)];
        const QJsonArray &removed = lists[int(ContentsDiff::Kind::Removed)];
        const QJsonArray &changed = lists[int(ContentsDiff::Kind::Changed)];
        if (!ctx.json) {
            for (const QString &line : std::as_const(lines))
                ctx.out() << line << "\n";
            ctx.out() << added.size() << " added, " << removed.size() << " removed, " << changed.size() << " changed\n";
            ctx.out().flush();
            return 0;
        }
        ctx.printJson(QJsonObject { { QStringLiteral("from"), time::toIso(query.range.from) },
                                    { QStringLiteral("to"), time::toIso(query.range.to) },
                                    { QStringLiteral("added"), added },
                                    { QStringLiteral("removed"), removed },
                                    { QStringLiteral("changed"), changed } });
        return 0;
    }

    // "+ id  text", "- id  text", "~ id  content, keywords"; "(approximate)" when the events
    // could not rebuild it field for field.
    static QString betweenLine(const ContentsDiff &d, const ChangeRow &row, const ChangeTexts &texts)
    {
        static const char *const kMarks[] = { "+", "-", "~" };
        QStringList fields = d.after.keys();
        fields.removeAll(QStringLiteral("updatedAt")); // every write moves these two
        fields.removeAll(QStringLiteral("strength"));
        QString what = d.kind == ContentsDiff::Kind::Changed ? fields.join(QStringLiteral(", "))
                                                             : QString(texts.preview).left(60).replace(QLatin1Char('\n'), QLatin1Char(' '));
        return QStringLiteral("%1 %2  %3%4").arg(QLatin1String(kMarks[int(d.kind)]), row.memoryId, what,
                                                  d.exact ? QString() : QStringLiteral("  (approximate)"));
    }
};

RECOLLECTOR_REGISTER_COMMAND(ChangesCommand);

} // namespace recollector::cli
