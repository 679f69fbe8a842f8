#include "engine/text/NegationCues.h"

#include "engine/text/TextTokens.h"

#include <QSet>

#include <algorithm>

namespace recollector::core {

namespace {

const QSet<QString> &englishWords()
{
    static const QSet<QString> words{
        QStringLiteral("not"),      QStringLiteral("no"),       QStringLiteral("never"),
        QStringLiteral("none"),     QStringLiteral("nobody"),   QStringLiteral("nothing"),
        QStringLiteral("nowhere"),  QStringLiteral("neither"),  QStringLiteral("nor"),
        QStringLiteral("cannot"),   QStringLiteral("stopped"),  QStringLiteral("quit"),
        QStringLiteral("avoid"),    QStringLiteral("avoids"),   QStringLiteral("dislike"),
        QStringLiteral("dislikes"), QStringLiteral("disliked"),
        // Contractions typed without the apostrophe.
        QStringLiteral("dont"),     QStringLiteral("doesnt"),   QStringLiteral("didnt"),
        QStringLiteral("isnt"),     QStringLiteral("arent"),    QStringLiteral("wasnt"),
        QStringLiteral("werent"),   QStringLiteral("wont"),     QStringLiteral("wouldnt"),
        QStringLiteral("cant"),     QStringLiteral("couldnt"),  QStringLiteral("shouldnt"),
        QStringLiteral("havent"),   QStringLiteral("hasnt"),    QStringLiteral("hadnt"),
        QStringLiteral("mustnt"),   QStringLiteral("neednt"),
    };
    return words;
}

// "not only X but Y", "not just": additive, not negating.
const QSet<QString> &notNegatingAfterNot()
{
    static const QSet<QString> words{QStringLiteral("only"), QStringLiteral("just"), QStringLiteral("merely")};
    return words;
}

// Chinese negation cues, longest first so 不再 is one cue, not 不 + 再.
const QStringList &chineseNegations()
{
    static const QStringList cues{
        QStringLiteral("不再"), QStringLiteral("不要"), QStringLiteral("不用"), QStringLiteral("不必"),
        QStringLiteral("从不"), QStringLiteral("从未"), QStringLiteral("从来不"), QStringLiteral("没有"),
        QStringLiteral("并非"), QStringLiteral("无法"), QStringLiteral("停止"), QStringLiteral("讨厌"),
        QStringLiteral("不"),   QStringLiteral("没"),   QStringLiteral("别"),   QStringLiteral("未"),
        QStringLiteral("勿"),   QStringLiteral("莫"),   QStringLiteral("甭"),   QStringLiteral("非"),
        QStringLiteral("无"),
    };
    return cues;
}

// Words that contain a negation character but do not negate the statement. Checked before
// the cues at every position, longest first.
const QStringList &chineseNonNegating()
{
    static const QStringList words = [] {
        QStringList w{
            // 不
            QStringLiteral("不得不"), QStringLiteral("不能不"), QStringLiteral("不可不"), QStringLiteral("差不多"),
            QStringLiteral("了不起"), QStringLiteral("对不起"), QStringLiteral("不好意思"), QStringLiteral("忍不住"),
            QStringLiteral("要不然"), QStringLiteral("不错"),   QStringLiteral("不过"),   QStringLiteral("不断"),
            QStringLiteral("不仅"),   QStringLiteral("不只"),   QStringLiteral("不但"),   QStringLiteral("不少"),
            QStringLiteral("不同"),   QStringLiteral("不久"),   QStringLiteral("不管"),   QStringLiteral("不论"),
            QStringLiteral("不然"),   QStringLiteral("要不"),   QStringLiteral("不停"),
            // 没
            QStringLiteral("没错"),   QStringLiteral("淹没"),   QStringLiteral("沉没"),   QStringLiteral("没收"),
            QStringLiteral("出没"),   QStringLiteral("埋没"),
            // 别
            QStringLiteral("别人"),   QStringLiteral("别的"),   QStringLiteral("别处"),   QStringLiteral("别名"),
            QStringLiteral("特别"),   QStringLiteral("区别"),   QStringLiteral("分别"),   QStringLiteral("告别"),
            QStringLiteral("级别"),   QStringLiteral("类别"),   QStringLiteral("个别"),   QStringLiteral("识别"),
            QStringLiteral("差别"),   QStringLiteral("性别"),   QStringLiteral("派别"),   QStringLiteral("辨别"),
            QStringLiteral("鉴别"),   QStringLiteral("判别"),
            // 未 / 非 / 无 / 莫
            QStringLiteral("未来"),   QStringLiteral("非常"),   QStringLiteral("非得"),   QStringLiteral("除非"),
            QStringLiteral("是非"),   QStringLiteral("无论"),   QStringLiteral("无比"),   QStringLiteral("无数"),
            QStringLiteral("无限"),   QStringLiteral("无线"),   QStringLiteral("无人机"), QStringLiteral("莫非"),
            QStringLiteral("莫名"),
        };
        std::sort(w.begin(), w.end(), [](const QString &a, const QString &b) { return a.size() > b.size(); });
        return w;
    }();
    return words;
}

void scanChinese(QStringView text, QStringList &cues)
{
    qsizetype i = 0;
    const qsizetype n = text.size();
    while (i < n) {
        if (!text::isCjk(text[i].unicode())) {
            ++i;
            continue;
        }
        const QStringView rest = text.mid(i);
        qsizetype skip = 0;
        for (const QString &w : chineseNonNegating()) {
            if (rest.startsWith(w)) {
                skip = w.size();
                break;
            }
        }
        if (skip > 0) {
            i += skip;
            continue;
        }
        for (const QString &cue : chineseNegations()) {
            if (rest.startsWith(cue)) {
                cues << cue;
                skip = cue.size();
                break;
            }
        }
        i += skip > 0 ? skip : 1;
    }
}

} // namespace

NegationCues::Analysis NegationCues::analyse(QStringView text)
{
    Analysis out;
    const QStringList tokens = text::wordTokens(text);
    for (qsizetype i = 0; i < tokens.size(); ++i) {
        const QString &t = tokens[i];
        const bool contraction = t.endsWith(QLatin1String("n't")) && t.size() > 3;
        if (!contraction && !englishWords().contains(t))
            continue;
        if (t == QLatin1String("not") && i + 1 < tokens.size() && notNegatingAfterNot().contains(tokens[i + 1]))
            continue;
        // "no longer" is one cue.
        if (t == QLatin1String("no") && i + 1 < tokens.size() && tokens[i + 1] == QLatin1String("longer")) {
            out.cues << QStringLiteral("no longer");
            ++i;
            continue;
        }
        out.cues << t;
    }
    if (text::containsCjk(text))
        scanChinese(text, out.cues);
    return out;
}

const QStringList &NegationCues::englishCues()
{
    static const QStringList list = [] {
        QStringList l = englishWords().values();
        l << QStringLiteral("no longer") << QStringLiteral("…n't");
        l.sort();
        return l;
    }();
    return list;
}

const QStringList &NegationCues::chineseCues() { return chineseNegations(); }

} // namespace recollector::core
