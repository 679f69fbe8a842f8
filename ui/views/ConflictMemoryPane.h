#pragma once

#include "engine/text/TextDiff.h"
#include "model/Memory.h"

#include <QColor>
#include <QGroupBox>
#include <QHash>
#include <QPointer>

class QGridLayout;
class QLabel;
class QPushButton;
class QTabWidget;
class QTextEdit;

namespace recollector::ui {

class DecayChartView;
class HistoryView;
class StoreSession;

/// One side of the conflict dialog: a memory's content with the words the other side does
/// not have highlighted, its key fields (category, created, last reinforced, confidence,
/// score and tier under the session's profile, scope, source, state), and its history and
/// decay curve in small. Memory text goes in as plain text; the highlight is a character
/// format over the diff's spans, never markup.
///
/// objectNames for tests: "content" (the QTextEdit), "history", "chart", "showButton", and
/// a value label "value:<field>" per field (category, created, reinforced, confidence,
/// score, scope, source, state).
class ConflictMemoryPane final : public QGroupBox
{
    Q_OBJECT
    Q_DISABLE_COPY_MOVE(ConflictMemoryPane)

public:
    ConflictMemoryPane(StoreSession *session, const QString &side, QWidget *parent = nullptr);

    /// Shows `memory`; `role` says which it is ("older", "newer"); `changed` are the spans of
    /// its content to mark in `mark`.
    void showMemory(const core::Memory &memory, const QString &role, const QList<core::TextSpan> &changed,
                    const QColor &mark);

    const QString &memoryId() const { return m_memory.id; }
    QTextEdit *contentView() const { return m_content; }
    HistoryView *historyView() const { return m_history; }
    DecayChartView *chartView() const { return m_chart; }
    QLabel *valueLabel(const QString &field) const { return m_values.value(field); }
    /// The texts currently highlighted in the content, in order (tests).
    QStringList highlightedPieces() const;

Q_SIGNALS:
    /// "Show in table" was clicked.
    void memoryActivated(const QString &id);

private:
    QLabel *addField(QGridLayout *grid, int row, int column, const QString &field, const QString &caption);
    void setValue(const QString &field, const QString &text);

    QPointer<StoreSession> m_session;
    QString m_side;
    core::Memory m_memory;
    QTextEdit *m_content = nullptr;
    QHash<QString, QLabel *> m_values;
    QTabWidget *m_tabs = nullptr;
    HistoryView *m_history = nullptr;
    DecayChartView *m_chart = nullptr;
    QPushButton *m_show = nullptr;
};

} // namespace recollector::ui
