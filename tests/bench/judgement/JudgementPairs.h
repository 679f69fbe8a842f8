#pragma once

#include "model/Time.h"

#include <QHash>
#include <QList>
#include <QString>

namespace recollector::bench {

/// One labelled pair of the judgement benchmark (docs/scoring.md#judgement-benchmark): two
/// statements, older first, with the times they were said and what a person judged them to be.
struct LabelledPair
{
    QString set;    ///< "development", "kept apart", "labelled afresh", "written"
    QString source; ///< "26 D2:8 D13:1#1", or the written pair's line
    QString label;  ///< contradiction, update, duplicate, compatible
    QString reason;
    QString older;
    QString newer;
    core::Millis olderAt = 0;
    core::Millis newerAt = 0;
};

/// Reads the labels. LoCoMo labels are references: the texts and their sessions' times come
/// from the LoCoMo folder (a dia_id in session N's observations, "#k" the k-th of several, the
/// speakers counted in alphabetical order). The split line ("# split: development 26 41 43;
/// kept apart 47 49") says which conversations are which. An error message, or empty.
QString readLocomoPairs(const QString &labels, const QString &locomoDir, QList<LabelledPair> &out);
/// The written pairs, whole: label, days apart, older, newer, reason.
QString readWrittenPairs(const QString &path, QList<LabelledPair> &out);

} // namespace recollector::bench
