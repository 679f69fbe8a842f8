#include "JudgementBench.h"

#include "config/Config.h"
#include "engine/capture/DuplicateFinder.h"
#include "engine/capture/MemoryCapture.h"
#include "engine/conflicts/ConflictDetector.h"
#include "store/Store.h"
#include "synthetic/StoreGenerator.h"

#include <QElapsedTimer>
#include <QTemporaryDir>
#include <QTextStream>

namespace recollector::bench {

using namespace recollector::core;

namespace {

const QStringList kLabels{QStringLiteral("contradiction"), QStringLiteral("update"), QStringLiteral("duplicate"),
                          QStringLiteral("compatible")};

QString percent(int part, int whole)
{
    return whole == 0 ? QStringLiteral("–") : QString::number(100.0 * part / whole, 'f', 0) + QLatin1Char('%');
}

QString reasonOf(Store &store, const Conflict &c)
{
    auto history = store.events().forMemory(c.a);
    if (!history)
        return {};
    for (const Event &e : *history) {
        if (e.kind == events::kConflictDetected
            && qint64(e.payload.value(QStringLiteral("conflictId")).toDouble()) == c.id)
            return e.payload.value(QStringLiteral("reason")).toString();
    }
    return {};
}

} // namespace

QString JudgementBench::run(const LabelledPair &pair, Outcome &outcome, QString &why)
{
    QTemporaryDir dir;
    auto store = Store::open(dir.filePath(QStringLiteral("pair-%1.recollector").arg(++m_run)));
    if (!store)
        return store.error().message;
    const Config config = Config::defaults();
    MemoryCapture capture(**store, config, QStringLiteral("ebbinghaus"));
    NewMemory input;
    input.actor = QStringLiteral("assistant");
    input.content = pair.older;
    auto first = capture.add(input, pair.olderAt);
    if (!first)
        return first.error().message;
    input.content = pair.newer;
    auto second = capture.add(input, pair.newerAt);
    if (!second)
        return second.error().message;
    outcome = Outcome::Nothing;
    why.clear();
    if (!second->restates.isEmpty()) {
        outcome = Outcome::OneMemory;
        why = second->restates;
        return {};
    }
    auto between = (*store)->conflicts().between(first->memory.id, second->memory.id);
    if (!between)
        return between.error().message;
    for (const Conflict &c : *between) {
        why = reasonOf(**store, c);
        auto older = (*store)->memories().get(first->memory.id);
        if (!older)
            return older.error().message;
        outcome = older->superseded ? Outcome::Superseded : Outcome::Conflict;
    }
    if (outcome != Outcome::Nothing)
        return {};
    auto clusters = DuplicateFinder::find(**store);
    if (!clusters)
        return clusters.error().message;
    for (const DuplicateCluster &cluster : *clusters) {
        if (cluster.memories.size() >= 2) {
            outcome = Outcome::Listed;
            why = cluster.why;
        }
    }
    return {};
}

void JudgementBench::count(const LabelledPair &pair, Outcome outcome)
{
    Tally &t = m_tally[pair.set][pair.label];
    ++t.pairs;
    t.conflict += outcome == Outcome::Conflict;
    t.superseded += outcome == Outcome::Superseded;
    t.oneMemory += outcome == Outcome::OneMemory;
    t.listed += outcome == Outcome::Listed;
}

QString JudgementBench::table() const
{
    QString out;
    QTextStream s(&out);
    for (const QString &set : {QStringLiteral("development"), QStringLiteral("kept apart"), QStringLiteral("labelled afresh"),
                               QStringLiteral("written")}) {
        if (!m_tally.contains(set))
            continue;
        const auto &bySet = m_tally[set];
        s << "\n" << set << " pairs\n";
        s << QStringLiteral("%1 %2 %3 %4 %5 %6 %7   %8\n")
                 .arg(QStringLiteral("label"), -14).arg(QStringLiteral("pairs"), 6).arg(QStringLiteral("conflict"), 9)
                 .arg(QStringLiteral("superseded"), 11).arg(QStringLiteral("one memory"), 11)
                 .arg(QStringLiteral("listed"), 7).arg(QStringLiteral("found"), 7).arg(QStringLiteral("flag nothing"));
        for (const QString &label : kLabels) {
            const Tally t = bySet.value(label);
            if (t.pairs == 0)
                continue;
            // What counts as found: a conflict or a supersede for contradictions and updates,
            // one memory or listed as duplicates for duplicates; for compatible pairs, any of
            // them is a mistake (listed is the mildest: the person decides).
            int found = label == QLatin1String("duplicate") ? t.oneMemory + t.listed : t.conflict + t.superseded;
            if (label == QLatin1String("compatible"))
                found = t.conflict + t.superseded + t.oneMemory + t.listed;
            s << QStringLiteral("%1 %2 %3 %4 %5 %6 %7   %8\n")
                     .arg(label, -14).arg(t.pairs, 6).arg(percent(t.conflict, t.pairs), 9)
                     .arg(percent(t.superseded, t.pairs), 11).arg(percent(t.oneMemory, t.pairs), 11)
                     .arg(percent(t.listed, t.pairs), 7).arg(percent(found, t.pairs), 7).arg(QStringLiteral("0%"));
        }
        const Tally c = bySet.value(QStringLiteral("contradiction"));
        const Tally u = bySet.value(QStringLiteral("update"));
        const Tally d = bySet.value(QStringLiteral("duplicate"));
        const Tally k = bySet.value(QStringLiteral("compatible"));
        s << "targets: contradictions+updates found "
          << percent(c.conflict + c.superseded + u.conflict + u.superseded, c.pairs + u.pairs) << " (≥ 60%), duplicates "
          << percent(d.oneMemory + d.listed, d.pairs) << " (≥ 70%; " << percent(d.oneMemory, d.pairs)
          << " taken as one on the write), compatible superseded or flagged " << percent(k.conflict + k.superseded, k.pairs)
          << " (≤ 2%), compatible taken as one memory " << percent(k.oneMemory, k.pairs) << ", listed as duplicates "
          << percent(k.listed, k.pairs) << "\n";
    }
    return out;
}

QString syntheticRun(int memories, int examples)
{
    QTemporaryDir dir;
    auto store = Store::open(dir.filePath(QStringLiteral("synthetic.recollector")));
    if (!store)
        return store.error().message;
    GeneratorOptions options;
    options.memories = memories;
    options.anchor = StoreGenerator::defaultAnchor(0) + 0;
    auto made = StoreGenerator(options).generate(**store);
    if (!made)
        return made.error().message;
    const Config config = Config::defaults();
    ConflictDetector detector(**store, config);
    QElapsedTimer timer;
    timer.start();
    auto found = detector.findAll();
    if (!found)
        return found.error().message;
    const double seconds = double(timer.elapsed()) / 1000.0;
    int supersede = 0;
    int updates = 0;
    int contradictions = 0;
    QString out;
    QTextStream s(&out);
    for (const ConflictCandidate &c : *found) {
        supersede += c.supersede;
        updates += c.type == ConflictType::TemporalShift;
        contradictions += c.type == ConflictType::DirectContradiction;
    }
    s << "\nsynthetic store, " << memories << " memories (" << made->conflicts << " conflicts generated): detection raised "
      << found->size() << " pairs in " << QString::number(seconds, 'f', 2) << " s: " << supersede
      << " would supersede the older, " << (updates - supersede) << " updates left open, " << contradictions
      << " contradictions\n";
    s << "  (" << (int(found->size()) - updates - contradictions)
      << " scope overlaps: a global and a project memory of one subject; examples below are the others)\n";
    int shown = 0;
    for (const ConflictCandidate &c : *found) {
        if (c.type == ConflictType::ScopeOverlap)
            continue;
        if (shown++ >= examples)
            break;
        auto older = (*store)->memories().get(c.older);
        auto newer = (*store)->memories().get(c.newer);
        if (older && newer)
            s << "  " << conflictTypeName(c.type) << (c.supersede ? " (supersede)" : "") << ": '" << older->content
              << "' / '" << newer->content << "': " << c.reason << "\n";
    }
    return out;
}

} // namespace recollector::bench
