// The decay chart on a real store: the past rebuilt from events, the projection, markers,
// tier lines and the "now" line are the series they should be, and every plotted value is
// what ScoringProfile::evaluate gives at that instant, in each profile.
#include "TempStore.h"

#include "StoreSession.h"
#include "io/DemoStore.h"
#include "views/DecayChartView.h"
#include "text/EventText.h"
#include "views/MemoryCurve.h"

#include <QDateTimeAxis>

#include <QComboBox>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsLayout>
#include <QLegend>
#include <QLegendMarker>
#include <QLineSeries>
#include <QScatterSeries>
#include <QToolTip>
#include <QGraphicsSimpleTextItem>
#include <QGraphicsTextItem>
#include <QtTest>

using namespace recollector;
using namespace recollector::core;
using namespace recollector::ui;

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

/// Does the straight segment a–b touch the rectangle?
bool segmentHits(const QLineF &segment, const QRectF &rect)
{
    if (rect.contains(segment.p1()) || rect.contains(segment.p2()))
        return true;
    const QLineF edges[] = {{rect.topLeft(), rect.topRight()}, {rect.topRight(), rect.bottomRight()},
                            {rect.bottomRight(), rect.bottomLeft()}, {rect.bottomLeft(), rect.topLeft()}};
    for (const QLineF &edge : edges) {
        if (segment.intersects(edge, nullptr) == QLineF::BoundedIntersection)
            return true;
    }
    return false;
}

QWheelEvent wheel(QWidget *target, QPoint at, int delta)
{
    return QWheelEvent(QPointF(at), QPointF(target->mapToGlobal(at)), QPoint(), QPoint(0, delta), Qt::NoButton,
                       Qt::NoModifier, Qt::NoScrollPhase, false);
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
    std::unique_ptr<QTemporaryDir> m_demoDir; ///< one demo store for the tests that only read it

    QString demoStore()
    {
        if (!m_demoDir) {
            m_demoDir = std::make_unique<QTemporaryDir>();
            const Status made = io::createDemoStore(m_demoDir->filePath(QStringLiteral("demo.recollector")),
                                                    QStringLiteral(RECOLLECTOR_SOURCE_DIR "/resources/demo/demo-memory-set.json"));
            if (!made)
                qWarning("demo store: %s", qPrintable(made.error().message));
        }
        return m_demoDir->filePath(QStringLiteral("demo.recollector"));
    }

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
        const Status opened = m_session->open(m_dir->filePath(QStringLiteral("chart.recollector")));
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

    // A Claude Code memory nobody reported using has no curve to draw: the chart says so,
    // and draws it once a use is recorded.
    void noCurveWithoutEvidenceOfUse()
    {
        Memory m = currentState(QStringLiteral("mem_claude"));
        m.source.type = claudeCodeSource();
        m.accessCount = 0;
        QVERIFY(m_session->store()->memories().insert(m));
        DecayChartView view(m_session.get());
        view.showMemories({ m.id });
        QVERIFY(view.chart()->series().isEmpty());
        QVERIFY2(view.chart()->title().contains(QStringLiteral("No recall seen yet")), qPrintable(view.chart()->title()));
        m.accessCount = 1;
        QVERIFY(m_session->store()->memories().update(m));
        view.refresh();
        QVERIFY(!view.chart()->series().isEmpty());
    }

    void hasEverySeries()
    {
        addWithHistory(QStringLiteral("mem_a"));
        DecayChartView view(m_session.get());
        view.resize(600, 300);
        view.showMemories({QStringLiteral("mem_a")});
        const QStringList names = seriesNames(view);
        for (const char *expected : {"past:mem_a", "future:mem_a", "markers:reinforcement:mem_a", "markers:negation:mem_a",
                                     "markers:edit:mem_a", "threshold:fading", "threshold:weak", "threshold:forgotten", "now"})
            QVERIFY2(names.contains(QLatin1String(expected)), expected);

        auto *future = seriesNamed<QLineSeries>(view, QStringLiteral("future:mem_a"));
        QCOMPARE(future->pen().style(), Qt::DashLine);
        QCOMPARE(seriesNamed<QLineSeries>(view, QStringLiteral("past:mem_a"))->pen().style(), Qt::SolidLine);
        // Created three days ago: the default window starts at creation and shows a projection.
        QVERIFY(future->at(future->count() - 1).x() >= double(kNow + 2 * kMsPerDay));

        auto *now = seriesNamed<QLineSeries>(view, QStringLiteral("now"));
        QCOMPARE(now->count(), 2);
        QCOMPARE(now->at(0).x(), double(kNow));
        QCOMPARE(now->at(1).x(), double(kNow));

        // Markers sit on the curve just after their event.
        const ScoringProfile &profile = m_session->profile();
        auto *reinforced = seriesNamed<QScatterSeries>(view, QStringLiteral("markers:reinforcement:mem_a"));
        QCOMPARE(reinforced->count(), 1);
        QCOMPARE(reinforced->at(0), QPointF(double(kReinforceAt), evaluateAt(profile, reinforcedState("mem_a"), kReinforceAt)));
        auto *negated = seriesNamed<QScatterSeries>(view, QStringLiteral("markers:negation:mem_a"));
        QCOMPARE(negated->count(), 1);
        QCOMPARE(negated->at(0).x(), double(kNegateAt));
        QCOMPARE(negated->markerShape(), QScatterSeries::MarkerShapeTriangle);
        QCOMPARE(seriesNamed<QScatterSeries>(view, QStringLiteral("markers:edit:mem_a"))->at(0).x(), double(kEditAt));

        // Tier lines at the profile's thresholds: fading 30, weak (archive) 10, forgotten (delete) 5.
        for (const TierThreshold &t : profile.thresholds()) {
            auto *line = seriesNamed<QLineSeries>(view, QStringLiteral("threshold:") + tierName(t.tier));
            QVERIFY(line);
            QCOMPARE(line->at(0).y(), t.score);
            QCOMPARE(line->at(1).y(), t.score);
        }
        QCOMPARE(seriesNamed<QLineSeries>(view, QStringLiteral("threshold:fading"))->at(0).y(), 30.0);
    }

    // A chart rebuilt for another selection shows one date axis, not the old one's title and
    // labels beside the new one's.
    void aRebuiltChartShowsOneDateAxis()
    {
        addWithHistory(QStringLiteral("mem_a"));
        addWithHistory(QStringLiteral("mem_b"));
        DecayChartView view(m_session.get());
        view.resize(600, 300);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        for (const char *id : {"mem_a", "mem_b", "mem_a"}) {
            view.showMemories({QLatin1String(id)});
            QCoreApplication::processEvents();
        }
        int titles = 0;
        for (QGraphicsItem *item : view.scene()->items()) {
            if (!item->isVisible())
                continue;
            if (auto *text = dynamic_cast<QGraphicsTextItem *>(item); text && text->toPlainText() == QLatin1String("Date (local time)"))
                ++titles;
            if (auto *text = dynamic_cast<QGraphicsSimpleTextItem *>(item); text && text->text() == QLatin1String("Date (local time)"))
                ++titles;
        }
        QCOMPARE(titles, 1);
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
        // Each memory's markers are a series of their own, in the colour of its curve.
        for (const QString &id : ids) {
            auto *curve = seriesNamed<QLineSeries>(view, QStringLiteral("past:") + id);
            for (const char *kind : {"reinforcement", "negation", "edit"}) {
                auto *markers = seriesNamed<QScatterSeries>(view, QStringLiteral("markers:%1:%2").arg(QLatin1String(kind), id));
                QVERIFY(markers);
                QCOMPARE(markers->count(), 1);
                QCOMPARE(markers->color(), curve->pen().color());
            }
        }
        // The legend names the memories only: the marker shapes have their key above the chart.
        QCOMPARE(legend.size(), 3);
    }

    // A memory three years old, reinforced long ago and again 20 days ago: the chart opens on
    // the weeks around now (with that reinforcement), not on three years squeezed into 600 px.
    void defaultRangeIsAroundNow()
    {
        const Millis now = kNow;
        const QString id = QStringLiteral("mem_old");
        Memory m = test::sampleMemory(id, now - 3 * 365 * kMsPerDay);
        m.stability = 24 * 60;
        m.lastReinforcedAt = now - 20 * kMsPerDay;
        m.reinforceCount = 2;
        QVERIFY(m_session->store()->memories().insert(m));
        for (const Millis at : {now - 2 * 365 * kMsPerDay, now - 20 * kMsPerDay}) {
            Event e = makeEvent(id, events::kReinforce, at, {{"event", "manual"}});
            QVERIFY(m_session->store()->events().append(e));
        }
        Event recalled = makeEvent(id, events::kAccess, now - 3 * kMsPerDay, {});
        QVERIFY(m_session->store()->events().append(recalled));
        DecayChartView view(m_session.get());
        view.resize(600, 320);
        view.showMemories({id});
        const ChartTimeRange range = view.visibleRange();
        QCOMPARE(view.span(), ChartTimeRange::Span::AroundNow);
        QVERIFY(range.contains(now));
        QVERIFY(range.contains(now - 20 * kMsPerDay));
        QVERIFY2(range.span() < 120 * kMsPerDay, "weeks, not years");
        QVERIFY(!range.contains(now - 2 * 365 * kMsPerDay));
        QVERIFY(range.to() > now + kMsPerDay); // some projection is shown
        // The curves are sampled for the window: the past starts at its left edge, and only
        // the reinforcement inside it is marked.
        auto *past = seriesNamed<QLineSeries>(view, QStringLiteral("past:") + id);
        QCOMPARE(past->at(0).x(), double(range.from()));
        QVERIFY(past->count() > 100);
        QCOMPARE(seriesNamed<QScatterSeries>(view, QStringLiteral("markers:reinforcement:") + id)->count(), 1);
        // A recall by the assistant is marked too, in the memory's colour.
        auto *access = seriesNamed<QScatterSeries>(view, QStringLiteral("markers:access:") + id);
        QVERIFY(access);
        QCOMPARE(access->count(), 1);
        QCOMPARE(access->at(0).x(), double(now - 3 * kMsPerDay));
        QCOMPARE(access->color(), past->pen().color());
        QVERIFY(!view.toolTipFor(access->objectName(), access->at(0)).isEmpty());
        auto *x = qobject_cast<QDateTimeAxis *>(view.chart()->axes(Qt::Horizontal).first());
        QCOMPARE(x->min().toMSecsSinceEpoch(), range.from());
        QCOMPARE(x->max().toMSecsSinceEpoch(), range.to());
    }

    void wheelDragAndButtonsMoveTheRange()
    {
        addWithHistory(QStringLiteral("mem_a"));
        DecayChartView view(m_session.get());
        view.resize(640, 320);
        view.showMemories({QStringLiteral("mem_a")});
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        auto *box = view.findChild<QComboBox *>(QStringLiteral("chartRangeBox"));
        QVERIFY(box && box->isVisible());
        QCOMPARE(box->currentText(), QStringLiteral("Around now"));
        const ChartTimeRange before = view.visibleRange();

        // The wheel zooms in about the instant under the pointer, which stays where it is.
        const QPoint centre = view.chart()->mapToScene(view.chart()->plotArea().center()).toPoint();
        const QPoint at = view.mapFromScene(centre);
        const Millis under = Millis(view.chart()->mapToValue(view.chart()->plotArea().center(),
                                                             view.chart()->series().first()).x());
        QWheelEvent in = wheel(view.viewport(), at, 120);
        QCoreApplication::sendEvent(view.viewport(), &in);
        const ChartTimeRange zoomed = view.visibleRange();
        QVERIFY(zoomed.span() < before.span());
        QVERIFY(std::abs(double(zoomed.from() + zoomed.span() / 2 - under)) < double(zoomed.span()) / 50);
        QVERIFY(view.isZoomed());
        QCOMPARE(box->currentIndex(), -1);
        QCOMPARE(box->currentText(), QString());
        QCOMPARE(box->placeholderText(), QStringLiteral("Zoomed"));

        // Dragging right by a quarter of the plot shows dates a quarter of the window earlier.
        const double quarter = view.chart()->plotArea().width() / 4;
        QMouseEvent press(QEvent::MouseButtonPress, QPointF(at), QPointF(view.viewport()->mapToGlobal(at)), Qt::LeftButton,
                          Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(view.viewport(), &press);
        const QPointF to(at.x() + quarter, at.y());
        QMouseEvent move(QEvent::MouseMove, to, view.viewport()->mapToGlobal(to), Qt::NoButton, Qt::LeftButton, Qt::NoModifier);
        QCoreApplication::sendEvent(view.viewport(), &move);
        QMouseEvent release(QEvent::MouseButtonRelease, to, view.viewport()->mapToGlobal(to), Qt::LeftButton, Qt::NoButton,
                            Qt::NoModifier);
        QCoreApplication::sendEvent(view.viewport(), &release);
        const ChartTimeRange panned = view.visibleRange();
        QCOMPARE(panned.span(), zoomed.span());
        QVERIFY(std::abs(double(zoomed.from() - panned.from()) - double(zoomed.span()) / 4) < double(zoomed.span()) / 100);

        // The buttons zoom about the middle.
        QTest::mouseClick(view.findChild<QWidget *>(QStringLiteral("chartZoomOutButton")), Qt::LeftButton);
        QVERIFY(view.visibleRange().span() > panned.span());
        QTest::mouseClick(view.findChild<QWidget *>(QStringLiteral("chartZoomInButton")), Qt::LeftButton);
        QCOMPARE(view.visibleRange().span(), panned.span());

        // Choosing a preset again leaves the zoom.
        box->setFocus();
        QTest::keyClick(box, Qt::Key_Home);
        QCOMPARE(box->currentText(), QStringLiteral("Around now"));
        QVERIFY(!view.isZoomed());
        QCOMPARE(view.visibleRange(), before);
        QTest::keyClick(box, Qt::Key_Down);
        QCOMPARE(view.span(), ChartTimeRange::Span::TwoWeeks);
        QCOMPARE(view.visibleRange().span(), 14 * kMsPerDay);
        QVERIFY(view.visibleRange().contains(kNow));
    }

    void wholeLifeRunsFromCreationToTheFade()
    {
        addWithHistory(QStringLiteral("mem_a"));
        DecayChartView view(m_session.get());
        view.resize(640, 320);
        view.showMemories({QStringLiteral("mem_a")});
        auto *box = view.findChild<QComboBox *>(QStringLiteral("chartRangeBox"));
        box->setFocus();
        QTest::keyClick(box, Qt::Key_End);
        QCOMPARE(box->currentText(), QStringLiteral("Whole life"));
        QCOMPARE(view.span(), ChartTimeRange::Span::WholeLife);
        const ChartTimeRange range = view.visibleRange();
        QVERIFY(range.from() <= kT0 && range.from() > kT0 - kMsPerDay);
        // Negated at +48 h: it fades below the lowest tier line (5) some time after now, and
        // the window ends just past that instant.
        const Millis fade = view.life().fade;
        QVERIFY(fade > kNow);
        QVERIFY(evaluateAt(m_session->profile(), currentState("mem_a"), fade) < 5);
        QVERIFY(evaluateAt(m_session->profile(), currentState("mem_a"), fade - 2 * kMsPerHour) >= 5);
        QVERIFY(range.contains(fade));
        QVERIFY(range.to() - fade < (range.span() / 20));
        auto *past = seriesNamed<QLineSeries>(view, QStringLiteral("past:mem_a"));
        QCOMPARE(past->at(0).x(), double(kT0));
        auto *future = seriesNamed<QLineSeries>(view, QStringLiteral("future:mem_a"));
        QVERIFY(future->at(future->count() - 1).y() < 5); // the projection reaches the fade
    }

    // On the demo store (curves at 100 and crossing every tier line): no tier caption lies on
    // a curve, none overlaps another, the "now" caption is above the plot, all are inside the view.
    void captionsStayOffTheCurves_data()
    {
        QTest::addColumn<QSize>("size");
        QTest::addColumn<int>("span");
        QTest::newRow("640x320 around now") << QSize(640, 320) << int(ChartTimeRange::Span::AroundNow);
        QTest::newRow("1000x260 whole life") << QSize(1000, 260) << int(ChartTimeRange::Span::WholeLife);
        QTest::newRow("420x220 year") << QSize(420, 220) << int(ChartTimeRange::Span::Year);
    }
    void captionsStayOffTheCurves()
    {
        QFETCH(QSize, size);
        QFETCH(int, span);
        StoreSession session;
        QVERIFY(session.open(demoStore()));
        DecayChartView view(&session);
        view.resize(size);
        view.showMemories({QStringLiteral("mem_01KP627VRJFFZ0W9K8P56125NN"), QStringLiteral("3af9f30c"),
                           QStringLiteral("f5424343")});
        view.setSpan(ChartTimeRange::Span(span));
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        QCoreApplication::processEvents();
        QChart *chart = view.chart();
        const QRectF plot = chart->plotArea();
        QList<QRectF> tierRects;
        for (QGraphicsSimpleTextItem *caption : view.captionItems()) {
            const QString name = caption->data(0).toString();
            const QRectF rect = caption->mapRectToParent(caption->boundingRect());
            QVERIFY2(QRectF(QPointF(0, 0), QSizeF(view.viewport()->size())).contains(rect), qPrintable(name));
            if (name == QLatin1String("caption:now")) {
                QVERIFY(rect.bottom() <= plot.top());
                continue;
            }
            for (QAbstractSeries *s : chart->series()) {
                const QString series = s->objectName();
                if (!series.startsWith(QLatin1String("past:")) && !series.startsWith(QLatin1String("future:")))
                    continue;
                auto *line = static_cast<QLineSeries *>(s);
                for (int i = 1; i < line->count(); ++i) {
                    const QLineF segment(chart->mapToPosition(line->at(i - 1), s), chart->mapToPosition(line->at(i), s));
                    QVERIFY2(!segmentHits(segment, rect), qPrintable(name + QStringLiteral(" on ") + series));
                }
            }
            for (const QRectF &other : std::as_const(tierRects))
                QVERIFY2(!other.intersects(rect), qPrintable(name));
            tierRects << rect;
        }
        QCOMPARE(tierRects.size(), 3);
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
        QVERIFY(!seriesNamed<QScatterSeries>(view, QStringLiteral("markers:negation:mem_a"))); // not yet happened
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

    void pointingAtAMarkShowsWhatHappened()
    {
        // The user guide promises it: point at a mark for its date and what it was.
        const Millis now = m_session->now();
        Memory m = test::sampleMemory(QStringLiteral("mem_mark"), now - 30 * kMsPerDay);
        QVERIFY(m_session->store()->memories().insert(m));
        Event used = makeEvent(m.id, events::kReinforce, now - 5 * kMsPerDay, {{"event", "manual"}});
        QVERIFY(m_session->store()->events().append(used));
        DecayChartView view(m_session.get());
        view.resize(700, 360);
        view.show();
        QVERIFY(QTest::qWaitForWindowExposed(&view));
        view.showMemories({m.id});
        auto *marks = seriesNamed<QScatterSeries>(view, QStringLiteral("markers:reinforcement:") + m.id);
        QVERIFY(marks);
        QCOMPARE(marks->count(), 1);
        // The chart lays its axes out when its layout next runs: run it now.
        view.chart()->layout()->activate();
        const QPointF inChart = view.chart()->mapToPosition(marks->at(0), marks);
        QVERIFY(view.chart()->plotArea().adjusted(-1, -1, 1, 1).contains(inChart));
        const QPoint at = view.mapFromScene(view.chart()->mapToScene(inChart));
        QVERIFY(view.viewport()->rect().contains(at));
        QTest::mouseMove(view.viewport(), at + QPoint(-30, -30));
        QTest::mouseMove(view.viewport(), at);
        // The tooltip is due once the pointer rests; the scene must not take it away.
        QHelpEvent rest(QEvent::ToolTip, at, view.viewport()->mapToGlobal(at));
        rest.ignore();
        QApplication::sendEvent(view.viewport(), &rest);
        QVERIFY2(rest.isAccepted(), "the tooltip request was answered, not declined (which hides the tip)");
        QVERIFY(QToolTip::isVisible());
        QVERIFY2(QToolTip::text().contains(EventText::localTime(now - 5 * kMsPerDay)), qPrintable(QToolTip::text()));
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
    // negated, overlaid with two edited ones. Set RECOLLECTOR_SCREENSHOT_DIR to save the PNGs.
    void rendersTheDemoStore()
    {
        StoreSession session;
        QVERIFY(session.open(demoStore()));
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
        view.setSpan(ChartTimeRange::Span::WholeLife); // every event of its life
        QCOMPARE(seriesNamed<QScatterSeries>(view, QStringLiteral("markers:reinforcement:") + spicy)->count(), reinforcements);
        QCOMPARE(seriesNamed<QScatterSeries>(view, QStringLiteral("markers:negation:") + spicy)->count(), 1);
        // Every reinforcement lifts the curve: the point right after it is above the one before.
        auto *past = seriesNamed<QLineSeries>(view, QStringLiteral("past:") + spicy);
        int lifts = 0;
        for (int i = 1; i < past->count(); ++i)
            lifts += past->at(i).x() == past->at(i - 1).x() && past->at(i).y() > past->at(i - 1).y() ? 1 : 0;
        QVERIFY2(lifts >= reinforcements - 1, "reinforcements raise the curve"); // one may land at 100 already
        const QString shots = qEnvironmentVariable("RECOLLECTOR_SCREENSHOT_DIR");
        if (!shots.isEmpty())
            QVERIFY(view.grab().save(shots + QStringLiteral("/decay-chart.png")));

        view.showMemories({spicy, QStringLiteral("3af9f30c"), QStringLiteral("f5424343")});
        QCOMPARE(view.curves().size(), size_t(3));
        int edits = 0;
        for (QAbstractSeries *s : view.chart()->series())
            edits += s->objectName().startsWith(QLatin1String("markers:edit:")) ? static_cast<QScatterSeries *>(s)->count() : 0;
        QCOMPARE(edits, 2);
        // Let the legend lay out its new entries and the replaced axes go (deleteLater).
        QCoreApplication::processEvents();
        QCoreApplication::sendPostedEvents(nullptr, QEvent::DeferredDelete);
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
