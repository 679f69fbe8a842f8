#pragma once

#include "model/Time.h"

#include <QList>
#include <QSet>
#include <QString>
#include <QStringList>

namespace recollector::bench {

/// One LoCoMo conversation as the recall benchmark uses it (docs/scoring.md, "Recall
/// benchmark"): the speakers' observations, each a memory to add, and the questions of
/// categories 1–4 with the turns (dia_ids) that hold their answers.
struct LocomoConversation
{
    struct Observation
    {
        QString text;
        QSet<QString> turns;   ///< "D3:12", …
        core::Millis at = 0;   ///< its session's time
        int order = 0;         ///< session, then turn: the order it was said in
    };
    struct Question
    {
        QString text;
        QSet<QString> evidence;
        int category = 0;
    };
    QString name;
    QList<Observation> observations; ///< in the order they were said
    QList<Question> questions;
    core::Millis lastSession = 0;

    /// Reads one file of the LoCoMo release (snap-research/locomo, data/locomo10.json's
    /// entries). An error message when it is not one.
    static QString read(const QString &path, LocomoConversation &out);
};

} // namespace recollector::bench
