// The decay chart on a real store: the past rebuilt from events, the projection, markers,
// tier lines and the "now" line are the series they should be, and every plotted value is
// what ScoringProfile::evaluate gives at that instant, in each profile.
#include "TempStore.h"

#include "StoreSession.h"
#include "io/DemoStore.h"
#include "views/DecayChartView.h"
#include "text/EventText.h"
#include "views/MemoryCurve.h"

#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QtTest>

using namespace engram;
using namespace engram::core;
using namespace engram::ui;

namespace {
constexpr Millis kT0 = 1704103200000; // 2024-01-01T10:00Z
constexpr Millis kReinforceAt = kT0 + 24 * kMsPerHour;
constexpr Millis kNegateAt = kT0 + 48 * kMsPerHour;
constexpr Millis kEditAt = kT0 + 60 * kMsPerHour;
constexpr Millis kNow = kT0 + 72 * kMsPerHour;

Event makeEvent(const QString &id, const QString &kind, Millis at, const QJsonObject &payload)
{
    Event e;
    e.memoryId = id;
    e.kind = kind;
    e.at = at;
    e.payload = payload;
    return e;
}

/// The memory before anything happened to it: stability 24 h, created at kT0.
Memory initialState(const QString &id)
{
    Memory m = test::sampleMemory(id, kT0);
    m.content = QStringLiteral("Old wording of ") + id;
    return m;
}

/// After a manual reinforcement at +24 h: stability 24 → 36 h, clock reset.
Memory reinforcedState(const QString &id)
{
    Memory m = initialState(id);
    m.stability = 36;
    m.lastReinforcedAt = kReinforceAt;
    m.reinforceCount = 1;
    return m;
}

/// Now: negated at +48 h, content edited at +60 h.
Memory currentState(const QString &id)
{
    Memory m = reinforcedState(id);
    m.negated = true;
    m.negatedAt = kNegateAt;
    m.content = QStringLiteral("Prefers vitest (%1)").arg(id);
    return m;
}

std::vector<Event> historyOf(const QString &id)
{
    return {
        makeEvent(id, events::kCreate, kT0, {}),
        // `before` names only what the decision meant to change; the clock's move is implied.
        makeEvent(id, events::kReinforce, kReinforceAt,
              {{"event", "manual"}, {"before", QJsonObject{{"stability", 24}}},
               {"after", QJsonObject{{"stability", 36}, {"lastReinforcedAt", time::toIso(kReinforceAt)}}}}),
        makeEvent(id, events::kNegate, kNegateAt,
              {{"correction", "uses jest again"},
               {"before", QJsonObject{{"negated", false}}},
               {"after", QJsonObject{{"negated", true}, {"negatedAt", time::toIso(kNegateAt)}}}}),
        makeEvent(id, events::kEdit, kEditAt,
              {{"before", QJsonObject{{"content", QStringLiteral("Old wording of ") + id}}},
               {"after", QJsonObject{{"content", QStringLiteral("Prefers vitest (%1)").arg(id)}}}}),
    };
}

template <typename T>
T *seriesNamed(DecayChartView &view, const QString &name)
{
    for (QAbstractSeries *s : view.chart()->series()) {
        if (s->objectName() == name)
            return qobject_cast<T *>(s);
    }
    return nullptr;
}

QStringList seriesNames(DecayChartView &view)
{
    QStringList names;
    for (QAbstractSeries *s : view.chart()->series())
        names << s->objectName();
    return names;
}

double evaluateAt(const ScoringProfile &profile, const Memory &state, Millis at)
{
    return profile.evaluate(ScoreInput::from(state, profile.config()), at).score;
}
} // namespace

class TestDecayChart : public QObject
{
    Q_OBJECT

private:
    std::unique_ptr<QTemporaryDir> m_dir;
    std::unique_ptr<StoreSession> m_session;

    void addWithHistory(const QString &id)
    {
        QVERIFY(m_session->store()->memories().insert(currentState(id)));
        for (Event &e : historyOf(id))
            QVERIFY(m_session->store()->events().append(e));
        m_session->refresh({id});
    }

private Q_SLOTS:
    void init()
    {
        m_dir = std::make_unique<QTemporaryDir>();
        m_session = std::make_unique<StoreSession>();
        const Status opened = m_session->open(m_dir->filePath(QStringLiteral("chart.engram")));
        QVERIFY2(opened, opened ? "" : qPrintable(opened.error().message));
        m_session->setNow(kNow);
    }
    void cleanup()
    {
        m_session.reset();
        m_dir.reset();
    }

    void statesRebuiltFromEvents()
    {
        const QString id = QStringLiteral("mem_a");
        const std::vector<MemoryState> states = MemoryCurveBuilder::states(currentState(id), historyOf(id));
        QCOMPARE(states.size(), size_t(5)); // before create … after edit
        QCOMPARE(states.front().from, kT0);
        QCOMPARE(MemoryCurveBuilder::stateAt(states, kT0 + kMsPerHour), initialState(id));
        QCOMPARE(MemoryCurveBuilder::stateAt(states, kReinforceAt), reinforcedState(id));
        QCOMPARE(MemoryCurveBuilder::stateAt(states, kNegateAt + 1).negated, true);
        QCOMPARE(MemoryCurveBuilder::stateAt(states, kEditAt - 1).content, initialState(id).content);
        QCOMPARE(MemoryCurveBuilder::stateAt(states, kNow), currentState(id));
    }

    void emptyStateSaysWhatToDo()
    {
        DecayChartView view(m_session.get());
        QVERIFY(view.chart()->series().isEmpty());
        QVERIFY(view.chart()->title().contains(QStringLiteral("Select a memory")));
    }

    void hasEverySeries()
    {
        addWithHistory(QStringLiteral("mem_a"));
        DecayChartView view(m_session.get());
        view.resize(600, 300);
        view.showMemories({QStringLiteral("mem_a")});
        const QStringList names = seriesNames(view);
        for (const char *expected : {"past:mem_a", "future:mem_a", "markers:reinforcement", "markers:negation",
                                     "markers:edit", "threshold:fading", "threshold:weak", "threshold:forgotten", "now"})
            QVERIFY2(names.contains(QLatin1String(expected)), expected);

        auto *future = seriesNamed<QLineSeries>(view, QStringLiteral("future:mem_a"));
        QCOMPARE(future->pen().style(), Qt::DashLine);
        QCOMPARE(seriesNamed<QLineSeries>(view, QStringLiteral("past:mem_a"))->pen().style(), Qt::SolidLine);
        QVERIFY(future->at(future->count() - 1).x() >= double(kNow + 30 * kMsPerDay));

        auto *now = seriesNamed<QLineSeries>(view, QStringLiteral("now"));
        QCOMPARE(now->count(), 2);
        QCOMPARE(now->at(0).x(), double(kNow));
        QCOMPARE(now->at(1).x(), double(kNow));

        // Markers sit on the curve just after their event.
        const ScoringProfile &profile = m_session->profile();
        auto *reinforced = seriesNamed<QScatterSeries>(view, QStringLiteral("markers:reinforcement"));
        QCOMPARE(reinforced->count(), 1);
        QCOMPARE(reinforced->at(0), QPointF(double(kReinforceAt), evaluateAt(profile, reinforcedState("mem_a"), kReinforceAt)));
        auto *negated = seriesNamed<QScatterSeries>(view, QStringLiteral("markers:negation"));
        QCOMPARE(negated->count(), 1);
        QCOMPARE(negated->at(0).x(), double(kNegateAt));
        QCOMPARE(negated->markerShape(), QScatterSeries::MarkerShapeTriangle);
        QCOMPARE(seriesNamed<QScatterSeries>(view, QStringLiteral("markers:edit"))->at(0).x(), double(kEditAt));

        // Tier lines at the profile's thresholds: fading 30, weak (archive) 10, forgotten (delete) 5.
        for (const TierThreshold &t : profile.thresholds()) {
            auto *line = seriesNamed<QLineSeries>(view, QStringLiteral("threshold:") + tierName(t.tier));
            QVERIFY(line);
            QCOMPARE(line->at(0).y(), t.score);
            QCOMPARE(line->at(1).y(), t.score);
        }
        QCOMPARE(seriesNamed<QLineSeries>(view, QStringLiteral("threshold:fading"))->at(0).y(), 30.0);
    }

    void pointsMatchEvaluate_data()
    {
        QTest::addColumn<QString>("profileName");
        for (const QString &name : profileNames())
            QTest::newRow(qPrintable(name)) << name;
    }
    void pointsMatchEvaluate()
    {
        QFETCH(QString, profileName);
        if (!makeProfile(profileName, m_session->config()))
            QSKIP("profile not built yet");
        QVERIFY(m_session->setProfileName(profileName));
        const QString id = QStringLiteral("mem_a");
        addWithHistory(id);
        DecayChartView view(m_session.get());
        view.showMemories({id});
        const ScoringProfile &profile = m_session->profile();

        auto *past = seriesNamed<QLineSeries>(view, QStringLiteral("past:") + id);
        QVERIFY(past && past->count() > 50);
        QCOMPARE(past->at(0).x(), double(kT0));
        QCOMPARE(past->at(past->count() - 1).x(), double(kNow));
        int checked = 0;
        int jumps = 0;
        for (int i = 0; i < past->count(); ++i) {
            const Millis at = Millis(past->at(i).x());
            const bool secondAtInstant = i > 0 && past->at(i - 1).x() == past->at(i).x();
            // The edit at +60 h changes only the content, which no profile scores.
            const Memory state = at < kReinforceAt || (at == kReinforceAt && !secondAtInstant) ? initialState(id)
                           : at < kNegateAt || (at == kNegateAt && !secondAtInstant)     ? reinforcedState(id)
                                                                                         : currentState(id);
            QCOMPARE(past->at(i).y(), evaluateAt(profile, state, at));
            ++checked;
            jumps += secondAtInstant ? 1 : 0;
        }
        QVERIFY(checked == past->count());
        QCOMPARE(jumps, 3); // reinforce, negate, edit: both sides of each change are plotted

        if (profileName == QLatin1String("ebbinghaus")) {
            // Note 000 oracle: stability 24 h, decay rate 1, 24 h later → 37, right before the
            // reinforcement lifts the curve back to 100.
            int before = -1;
            for (int i = 1; i < past->count(); ++i) {
                if (past->at(i).x() == double(kReinforceAt) && past->at(i - 1).x() == double(kReinforceAt))
                    before = i - 1;
            }
            QVERIFY(before >= 0);
            QCOMPARE(past->at(before).y(), 37.0);
            QCOMPARE(past->at(before + 1).y(), evaluateAt(profile, reinforcedState(id), kReinforceAt));
        }

        auto *future = seriesNamed<QLineSeries>(view, QStringLiteral("future:") + id);
        QVERIFY(future && future->count() > 10);
        QCOMPARE(future->at(0).x(), double(kNow));
        for (int i = 0; i < future->count(); ++i)
            QCOMPARE(future->at(i).y(), evaluateAt(profile, currentState(id), Millis(future->at(i).x())));
    }

    void overlaysThreeMemories()
    {
        const QStringList ids{QStringLiteral("mem_a"), QStringLiteral("mem_b"), QStringLiteral("mem_c")};
        for (const QString &id : ids)
            addWithHistory(id);
        DecayChartView view(m_session.get());
        view.resize(600, 300);
        view.showMemories(ids);
        view.show(); // legend markers report visible only on a shown chart
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(view.curves().size(), size_t(3));
        QStringList pasts, futures, colors, legend;
        for (QAbstractSeries *s : view.chart()->series()) {
            if (s->objectName().startsWith(QLatin1String("past:"))) {
                pasts << s->objectName();
                colors << static_cast<QLineSeries *>(s)->pen().color().name();
            }
            if (s->objectName().startsWith(QLatin1String("future:")))
                futures << s->objectName();
        }
        QCOMPARE(pasts, (QStringList{"past:mem_a", "past:mem_b", "past:mem_c"}));
        QCOMPARE(futures.size(), 3);
        QCOMPARE(QSet<QString>(colors.begin(), colors.end()).size(), 3);
        for (QLegendMarker *marker : view.chart()->legend()->markers()) {
            if (marker->isVisible())
                legend << marker->label();
        }
        QVERIFY(legend.contains(QStringLiteral("Prefers vitest (mem_b)")));
        QVERIFY(!legend.contains(QStringLiteral("Projection"))); // one legend entry per memory
        // All three memories' markers share one series per kind.
        QCOMPARE(seriesNamed<QScatterSeries>(view, QStringLiteral("markers:reinforcement"))->count(), 3);
    }

    void largeSelectionIsCapped()
    {
        QStringList ids;
        for (int i = 0; i < DecayChartView::kMaxCurves + 2; ++i) {
            ids << QStringLiteral("mem_%1").arg(i);
            addWithHistory(ids.last());
        }
        DecayChartView view(m_session.get());
        view.showMemories(ids);
        QCOMPARE(int(view.curves().size()), DecayChartView::kMaxCurves);
        QVERIFY(view.chart()->title().contains(QStringLiteral("%1 of %2").arg(DecayChartView::kMaxCurves).arg(ids.size())));
    }

    void nowLineFollowsPreviewDate()
    {
        addWithHistory(QStringLiteral("mem_a"));
        DecayChartView view(m_session.get());
        view.showMemories({QStringLiteral("mem_a")});
        const Millis later = kNow + 10 * kMsPerDay;
        m_session->setNow(later);
        QCOMPARE(seriesNamed<QLineSeries>(view, QStringLiteral("now"))->at(0).x(), double(later));
        QCOMPARE(seriesNamed<QLineSeries>(view, QStringLiteral("future:mem_a"))->at(0).x(), double(later));
        QCOMPARE(seriesNamed<QLineSeries>(view, QStringLiteral("past:mem_a"))->at(0).x(), double(kT0));

        // Preview before the negation: the projection starts from the state in force then.
        m_session->setNow(kReinforceAt + kMsPerHour);
        auto *future = seriesNamed<QLineSeries>(view, QStringLiteral("future:mem_a"));
        QCOMPARE(future->at(0).y(), evaluateAt(m_session->profile(), reinforcedState("mem_a"), kReinforceAt + kMsPerHour));
        QVERIFY(!seriesNamed<QScatterSeries>(view, QStringLiteral("markers:negation"))); // not yet happened
    }

    void legendAndToolTipsArePlainText()
    {
        Memory m = test::sampleMemory(QStringLiteral("mem_html"), kT0);
        m.content = QStringLiteral("<b>x</b> & y");
        QVERIFY(m_session->store()->memories().insert(m));
        DecayChartView view(m_session.get());
        view.showMemories({m.id});
        auto *past = seriesNamed<QLineSeries>(view, QStringLiteral("past:mem_html"));
        QCOMPARE(past->name(), QStringLiteral("&lt;b&gt;x&lt;/b&gt; &amp; y"));
        const QPointF sample = past->at(past->count() / 2);
        const QString tip = view.toolTipFor(past->objectName(), sample);
        QVERIFY(tip.startsWith(QStringLiteral("<b>x</b> & y\n")));
        QVERIFY(tip.contains(EventText::localTime(Millis(sample.x()))));
        QVERIFY(tip.contains(QStringLiteral("strength ") + EventText::number(sample.y())));
    }

    void refreshesWhenTheMemoryChanges()
    {
        addWithHistory(QStringLiteral("mem_a"));
        DecayChartView view(m_session.get());
        view.showMemories({QStringLiteral("mem_a")});
        Memory m = currentState(QStringLiteral("mem_a"));
        m.permanent = true;
        QVERIFY(m_session->store()->memories().update(m));
        m_session->refresh({m.id});
        auto *future = seriesNamed<QLineSeries>(view, QStringLiteral("future:mem_a"));
        QCOMPARE(future->at(future->count() - 1).y(), m_session->profile().maxScore());
    }

    void rendersReadablyAt600x300()
    {
        const QStringList ids{QStringLiteral("mem_a"), QStringLiteral("mem_b")};
        for (const QString &id : ids)
            addWithHistory(id);
        DecayChartView view(m_session.get());
        view.resize(600, 300);
        view.showMemories(ids);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        const QRectF plot = view.chart()->plotArea();
        QVERIFY2(plot.width() > 400 && plot.height() > 120, "the plot keeps most of the room");
        const QImage image = view.grab().toImage();
        QCOMPARE(image.size(), QSize(600, 300));
    }

    // The demo store (what a first run shows): a memory reinforced seven times and then
    // negated, overlaid with two edited ones. Set ENGRAM_SCREENSHOT_DIR to save the PNGs.
    void rendersTheDemoStore()
    {
        QTemporaryDir dir;
        const QString path = dir.filePath(QStringLiteral("demo.engram"));
        const Status made = io::createDemoStore(path, QStringLiteral(ENGRAM_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
        QVERIFY2(made, made ? "" : qPrintable(made.error().message));
        StoreSession session;
        QVERIFY(session.open(path));
        const QString spicy = QStringLiteral("mem_01KP627VRJFFZ0W9K8P56125NN"); // 用户喜欢吃辣，尤其是川菜。
        auto history = session.store()->events().forMemory(spicy);
        QVERIFY(history && !history->empty());
        int reinforcements = 0;
        for (const Event &e : *history)
            reinforcements += e.kind == events::kReinforce ? 1 : 0;

        DecayChartView view(&session);
        view.resize(640, 320);
        view.showMemories({spicy});
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCOMPARE(seriesNamed<QScatterSeries>(view, QStringLiteral("markers:reinforcement"))->count(), reinforcements);
        QCOMPARE(seriesNamed<QScatterSeries>(view, QStringLiteral("markers:negation"))->count(), 1);
        // Every reinforcement lifts the curve: the point right after it is above the one before.
        auto *past = seriesNamed<QLineSeries>(view, QStringLiteral("past:") + spicy);
        int lifts = 0;
        for (int i = 1; i < past->count(); ++i)
            lifts += past->at(i).x() == past->at(i - 1).x() && past->at(i).y() > past->at(i - 1).y() ? 1 : 0;
        QVERIFY2(lifts >= reinforcements - 1, "reinforcements raise the curve"); // one may land at 100 already
        const QString shots = qEnvironmentVariable("ENGRAM_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            QVERIFY(view.grab().save(shots + QStringLiteral("/decay-chart.png")));

        view.showMemories({spicy, QStringLiteral("3af9f30c"), QStringLiteral("f5424343")});
        QCOMPARE(view.curves().size(), size_t(3));
        QCOMPARE(seriesNamed<QScatterSeries>(view, QStringLiteral("markers:edit"))->count(), 2);
        QCoreApplication::processEvents(); // let the legend lay out its new entries
        if (!shots.isEmpty())
            QVERIFY(view.grab().save(shots + QStringLiteral("/decay-chart-overlay.png")));
        // Preview at a later date: the now line turns into the preview line.
        session.setNow(time::nowMs() + 20 * kMsPerDay);
        QCOMPARE(seriesNamed<QLineSeries>(view, QStringLiteral("now"))->name(), QStringLiteral("Preview date"));
        QCoreApplication::processEvents();
        if (!shots.isEmpty())
            QVERIFY(view.grab().save(shots + QStringLiteral("/decay-chart-preview.png")));
    }
};

QTEST_MAIN(TestDecayChart)
#include "tst_decaychart.moc"
