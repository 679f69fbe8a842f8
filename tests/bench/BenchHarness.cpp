#include "BenchHarness.h"

#include "AttachBench.h"

#include "ChangesBench.h"
#include "CoreBench.h"
#include "IoBench.h"
#include "LiveBench.h"
#include "SqliteFloor.h"
#include "WindowProbe.h"
#include "TeamBench.h"
#include "WriteBench.h"

#include "synthetic/StoreGenerator.h"
#include "config/Config.h"
#include "store/MetaRepository.h"
#include "store/Store.h"

#include <QElapsedTimer>
#include <QFileInfo>
#include <QJsonDocument>
#include <QJsonObject>

namespace recollector::bench {

using namespace recollector::core;

namespace {

/// The store's config (meta), else the defaults, as the window and recollector-cli read it.
Config storeConfig(Store &store)
{
    const auto text = store.meta().value(MetaRepository::kConfig);
    if (text && !text->isEmpty()) {
        if (auto parsed = Config::fromYamlText(text->toUtf8(), store.path()))
            return *parsed;
    }
    return Config::defaults();
}

/// The generator's anchor (its "now"): scores are evaluated there, so every run of the
/// benchmark on one store sees the same tiers.
Millis generatedAnchor(Store &store)
{
    const auto text = store.meta().value(QStringLiteral("generator"));
    if (!text || text->isEmpty())
        return 0;
    return time::fromIso(QJsonDocument::fromJson(text->toUtf8()).object().value(QStringLiteral("anchor")).toString())
        .value_or(0);
}

} // namespace

BenchHarness::BenchHarness(BenchOptions options, QTextStream &log) : m_options(std::move(options)), m_log(log) {}

void BenchHarness::step(const QString &what)
{
    m_log << "recollector-bench: " << what << Qt::endl;
}

Status BenchHarness::prepareStore()
{
    auto store = Store::open(m_options.storePath);
    if (!store)
        return store.error();
    const auto count = (*store)->memories().count(true);
    if (!count)
        return count.error();
    // A store an older generator made lacks what the figures now assume (mentions): made again.
    const bool stale = *count == m_options.memories && StoreGenerator::stampedVersion(**store) < StoreGenerator::kVersion;
    if (*count == 0 || stale) {
        step(QStringLiteral("generating %1 memories into %2%3 …")
                 .arg(m_options.memories)
                 .arg(m_options.storePath, stale ? QStringLiteral(" (made by an older generator)") : QString()));
        GeneratorOptions options;
        options.memories = m_options.memories;
        options.replaceExisting = true;
        StoreGenerator generator(options);
        QString lastPhase;
        generator.setProgress([&](const QString &phase, double) {
            if (phase != lastPhase)
                step(QStringLiteral("  %1").arg(lastPhase = phase));
            return true;
        });
        QElapsedTimer timer;
        timer.start();
        const auto made = generator.generate(**store);
        if (!made)
            return made.error();
        step(QStringLiteral("generated %1 memories and %2 associations in %3 s")
                 .arg(made->memories)
                 .arg(made->associations)
                 .arg(QString::number(double(timer.elapsed()) / 1000.0, 'f', 1)));
    } else if (*count != m_options.memories) {
        return Error::make(Error::Code::Usage,
                           QStringLiteral("%1 holds %2 memories, not %3: pass --memories %2 or another --store")
                               .arg(m_options.storePath)
                               .arg(*count)
                               .arg(m_options.memories));
    }
    m_anchor = generatedAnchor(**store);
    if (m_anchor == 0)
        m_anchor = time::nowMs();
    return {};
}

QMap<QString, Measurement> BenchHarness::run()
{
    QMap<QString, Measurement> results;
    const QString workDir = QFileInfo(m_options.storePath).absolutePath();

    // The floors: the sqlite3 command line on the same file.
    const SqliteFloor floor(m_options.storePath, m_options.sqlite3);
    const bool haveSqlite = floor.isAvailable();
    if (!haveSqlite)
        step(QStringLiteral("no usable '%1': floors are left out").arg(m_options.sqlite3));
    auto addFloor = [&](const QString &key, const QString &sql) {
        if (!haveSqlite || !wanted(key))
            return;
        step(QStringLiteral("floor of %1: sqlite3 \"%2\"").arg(key, sql));
        results[key].floor = floor.timeMs(sql, m_options.runs);
        results[key].floorQuery = sql;
    };
    addFloor(QStringLiteral("open_first_paint_ms"), SqliteFloor::fullReadQuery());
    addFloor(QStringLiteral("sort_ms"), SqliteFloor::sortedQuery());
    addFloor(QStringLiteral("filter_ms"), SqliteFloor::likeQuery(m_options.filterTerm));

    // Keep a floor found above when a figure replaces the measurement.
    auto put = [&](const QString &key, Measurement m) {
        if (!m.floor) { // a measurement may bring its own floor (IoBench)
            m.floor = results[key].floor;
            m.floorQuery = results[key].floorQuery;
        }
        results[key] = m;
    };

    if (wanted(QStringLiteral("open_first_paint_ms")) || wanted(QStringLiteral("rss_mib"))) {
        step(QStringLiteral("open_first_paint_ms, rss_mib: the window, %1 runs").arg(m_options.windowRuns));
        Measurement paint, rss;
        WindowProbe(m_options.enginePath, m_options.storePath).run(m_options.windowRuns, paint, rss);
        put(QStringLiteral("open_first_paint_ms"), paint);
        put(QStringLiteral("rss_mib"), rss);
    }

    auto storeOpened = Store::open(m_options.storePath);
    if (!storeOpened) {
        step(storeOpened.error().message);
        return results;
    }
    Store &store = **storeOpened;
    const Config config = storeConfig(store);
    {
        CoreBench core(store, config, m_anchor, m_options.runs);
        step(QStringLiteral("loading the snapshot"));
        if (const Status st = core.loadSnapshot(); !st) {
            step(st.error().message);
        } else {
            step(QStringLiteral("  %1 memories in %2 ms").arg(core.memoryCount()).arg(core.snapshotLoadMs(), 0, 'f', 0));
            if (wanted(QStringLiteral("score_all_ms")) || wanted(QStringLiteral("sort_ms"))
                || wanted(QStringLiteral("filter_ms"))) {
                step(QStringLiteral("score_all_ms"));
                put(QStringLiteral("score_all_ms"), core.scoreAll());
            }
            if (wanted(QStringLiteral("sort_ms"))) {
                step(QStringLiteral("sort_ms"));
                put(QStringLiteral("sort_ms"), core.sort());
            }
            if (wanted(QStringLiteral("filter_ms"))) {
                step(QStringLiteral("filter_ms"));
                put(QStringLiteral("filter_ms"), core.filter(m_options.filterTerm));
            }
        }
        if (wanted(QStringLiteral("review_queue_ms"))) {
            step(QStringLiteral("review_queue_ms"));
            put(QStringLiteral("review_queue_ms"), LiveBench(config, m_anchor, m_options.runs).reviewQueue(store, core.snapshot()));
        }
        if (wanted(QStringLiteral("activation_ms"))) {
            step(QStringLiteral("activation_ms"));
            put(QStringLiteral("activation_ms"), core.activation());
        }
        if (wanted(QStringLiteral("ego_layout_ms"))) {
            step(QStringLiteral("ego_layout_ms"));
            put(QStringLiteral("ego_layout_ms"), core.egoLayout());
        }
    }
    storeOpened->reset();

    {
        WriteBench writes(m_options.storePath, workDir, config, m_anchor, m_options.runs);
        if (wanted(QStringLiteral("decision_commit_ms"))) {
            step(QStringLiteral("decision_commit_ms (on a scratch copy)"));
            put(QStringLiteral("decision_commit_ms"), writes.decisionCommit());
        }
        if (wanted(QStringLiteral("team_decision_commit_ms"))) {
            step(QStringLiteral("team_decision_commit_ms (the team store, and the scratch copy beside it)"));
            QString why;
            const QString scratch = writes.scratchPath(why);
            put(QStringLiteral("team_decision_commit_ms"),
                TeamBench(m_options.teamStore, scratch, config, m_anchor).decisionCommit());
        }
        if (wanted(QStringLiteral("retrieve_ms"))) {
            step(QStringLiteral("retrieve_ms (the recall tool's path, on a scratch copy)"));
            put(QStringLiteral("retrieve_ms"), writes.retrieve());
        }
        if (wanted(QStringLiteral("rebuild_associations_s"))) {
            step(QStringLiteral("rebuild_associations_s (on a scratch copy)"));
            put(QStringLiteral("rebuild_associations_s"), writes.rebuildAssociations());
        }
        LiveBench live(config, m_anchor, m_options.runs);
        const auto onScratch = [&](const QString &key, const auto &measure) {
            QString why;
            const QString scratch = writes.scratchPath(why);
            put(key, scratch.isEmpty() ? Measurement::missing(QStringLiteral("n/a (%1)").arg(why)) : measure(scratch));
        };
        if (wanted(QStringLiteral("live_refresh_ms"))) {
            step(QStringLiteral("live_refresh_ms (the window on a scratch copy, %1 decisions)").arg(std::max(5, m_options.windowRuns)));
            onScratch(QStringLiteral("live_refresh_ms"), [&](const QString &scratch) {
                return live.liveRefresh(m_options.enginePath, scratch, std::max(5, m_options.windowRuns));
            });
        }
        if (wanted(QStringLiteral("team_live_refresh_ms"))) {
            step(QStringLiteral("team_live_refresh_ms (the window on the team store)"));
            put(QStringLiteral("team_live_refresh_ms"),
                m_options.teamStore.isEmpty()
                    ? Measurement::missing(QStringLiteral("n/a (no team store given: --team-store postgresql://…)"))
                    : live.liveRefresh(m_options.enginePath, m_options.teamStore, std::max(5, m_options.windowRuns)));
        }
        if (wanted(QStringLiteral("team_open_first_paint_ms"))) {
            step(QStringLiteral("team_open_first_paint_ms (the window on the team store, %1 runs)").arg(m_options.windowRuns));
            put(QStringLiteral("team_open_first_paint_ms"),
                TeamBench(m_options.teamStore, {}, config, m_anchor).firstPaint(m_options.enginePath, m_options.windowRuns));
        }
        if (wanted(QStringLiteral("team_copy_store_s"))) {
            step(QStringLiteral("team_copy_store_s (copy-store of the bench store into a new database of the team store's server)"));
            put(QStringLiteral("team_copy_store_s"), TeamBench(m_options.teamStore, {}, config, m_anchor).copyStore(m_options.storePath));
        }
        if (wanted(QStringLiteral("detect_conflicts_s"))) {
            step(QStringLiteral("detect_conflicts_s (on a scratch copy)"));
            onScratch(QStringLiteral("detect_conflicts_s"), [&](const QString &scratch) { return live.detectConflicts(scratch); });
        }
        // Last on the scratch copy: it appends 100,000 events there.
        if (wanted(QStringLiteral("changes_ms"))) {
            step(QStringLiteral("changes_ms (on a scratch copy, %1 changes since the review)").arg(ChangesBench::kChanges));
            onScratch(QStringLiteral("changes_ms"), [&](const QString &scratch) {
                return ChangesBench(config, m_anchor, m_options.runs, m_options.sqlite3).changes(scratch);
            });
        }
    }
    if (wanted(QStringLiteral("import_100k_s")) || wanted(QStringLiteral("export_100k_s"))) {
        step(QStringLiteral("export_100k_s, import_100k_s (100k store)"));
        Measurement exported, imported;
        IoBench(workDir, m_anchor, m_options.sqlite3).run(exported, imported);
        put(QStringLiteral("export_100k_s"), exported);
        put(QStringLiteral("import_100k_s"), imported);
    }
    if (wanted(QStringLiteral("attach_10k_s"))) {
        step(QStringLiteral("attach_10k_s (recollector --attach, 10,000 files)"));
        put(QStringLiteral("attach_10k_s"), AttachBench(m_options.enginePath, workDir).run(m_options.windowRuns));
    }
    return results;
}

} // namespace recollector::bench
