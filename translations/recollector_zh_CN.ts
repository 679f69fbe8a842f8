<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>ApprovalModeCommand</name>
    <message>
        <source>Approve the assistant&apos;s changes first</source>
        <translation>先批准助手的变更</translation>
    </message>
    <message>
        <source>Stop approving the assistant&apos;s changes</source>
        <translation>不再先批准助手的变更</translation>
    </message>
</context>
<context>
    <name>AssociationGraphView</name>
    <message>
        <source>%1 · %2 · strength %3</source>
        <translation>%1 · %2 · 强度 %3</translation>
    </message>
    <message>
        <source>a memory no longer in the store</source>
        <translation>一条已不在存储中的记忆</translation>
    </message>
</context>
<context>
    <name>CategoryText</name>
    <message>
        <source>fact</source>
        <translation>事实</translation>
    </message>
    <message>
        <source>identity</source>
        <translation>身份</translation>
    </message>
    <message>
        <source>lasting preference</source>
        <translation>长期偏好</translation>
    </message>
    <message>
        <source>short-term preference</source>
        <translation>短期偏好</translation>
    </message>
    <message>
        <source>skill</source>
        <translation>技能</translation>
    </message>
    <message>
        <source>temporary</source>
        <translation>临时</translation>
    </message>
    <message>
        <source>system</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>core</source>
        <translation>核心</translation>
    </message>
    <message>
        <source>episode</source>
        <translation>经历</translation>
    </message>
    <message>
        <source>rule</source>
        <translation>规则</translation>
    </message>
    <message>
        <source>pattern</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>lesson</source>
        <translation>教训</translation>
    </message>
    <message>
        <source>preference</source>
        <translation>偏好</translation>
    </message>
    <message>
        <source>pitfall</source>
        <translation>陷阱</translation>
    </message>
    <message>
        <source>tool</source>
        <translation>工具</translation>
    </message>
</context>
<context>
    <name>ChangeText</name>
    <message>
        <source>by you</source>
        <translation>（你）</translation>
    </message>
    <message>
        <source>by the assistant</source>
        <translation>（助手）</translation>
    </message>
    <message>
        <source>by the assistant in its file</source>
        <translation>（助手在其文件中）</translation>
    </message>
    <message>
        <source>by an import</source>
        <translation>（导入）</translation>
    </message>
    <message>
        <source>by Recollector</source>
        <translation>（拾忆）</translation>
    </message>
    <message>
        <source>Edited</source>
        <translation>已编辑</translation>
    </message>
    <message>
        <source>Edited %1</source>
        <translation>编辑了%1</translation>
    </message>
    <message>
        <source>Reinforced %1 times</source>
        <translation>强化了 %1 次</translation>
    </message>
    <message>
        <source>Reinforced</source>
        <translation>已强化</translation>
    </message>
    <message>
        <source>Fell to %1</source>
        <translation>降至“%1”</translation>
    </message>
    <message>
        <source>Rose to %1</source>
        <translation>升至“%1”</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <comment>a change, then who made it</comment>
        <translation>%1%2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>，</translation>
    </message>
    <message>
        <source>%1 (and 1 more)</source>
        <translation>%1（另有 1 项）</translation>
    </message>
    <message>
        <source>%2 (and %1 more)</source>
        <translation>%2（另有 %1 项）</translation>
    </message>
    <message>
        <source>you</source>
        <translation>你</translation>
    </message>
    <message>
        <source>the assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>the assistant&apos;s file</source>
        <translation>助手的文件</translation>
    </message>
    <message>
        <source>an import</source>
        <translation>一次导入</translation>
    </message>
    <message>
        <source>Recollector</source>
        <translation>拾忆</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>Restored</source>
        <translation>已恢复</translation>
    </message>
    <message>
        <source>Marked wrong</source>
        <translation>标记为错误</translation>
    </message>
    <message>
        <source>Merged</source>
        <translation>已合并</translation>
    </message>
    <message>
        <source>Archived</source>
        <translation>已归档</translation>
    </message>
    <message>
        <source>Brought back</source>
        <translation>已取回</translation>
    </message>
    <message>
        <source>Permanence changed</source>
        <translation>永久标记已改变</translation>
    </message>
    <message>
        <source>Confirmed</source>
        <translation>已确认</translation>
    </message>
    <message>
        <source>Undone</source>
        <translation>已撤销</translation>
    </message>
    <message>
        <source>Crossed a tier line</source>
        <translation>跨过了层级线</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>keywords</source>
        <translation>关键词</translation>
    </message>
    <message>
        <source>category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>importance</source>
        <translation>重要性</translation>
    </message>
    <message>
        <source>project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>sensitivity</source>
        <translation>敏感度</translation>
    </message>
</context>
<context>
    <name>ChangesDialog</name>
    <message>
        <source>1 change</source>
        <translation>1 项变更</translation>
    </message>
    <message>
        <source>%1 changes</source>
        <translation>%1 项变更</translation>
    </message>
    <message>
        <source>1 change selected</source>
        <translation>已选 1 项变更</translation>
    </message>
    <message>
        <source>%1 changes selected</source>
        <translation>已选 %1 项变更</translation>
    </message>
    <message>
        <source>Accept 1 change</source>
        <translation>接受 1 项变更</translation>
    </message>
    <message>
        <source>Accept %1 changes</source>
        <translation>接受 %1 项变更</translation>
    </message>
    <message>
        <source>Accepted 1 change</source>
        <translation>已接受 1 项变更</translation>
    </message>
    <message>
        <source>Accepted %1 changes</source>
        <translation>已接受 %1 项变更</translation>
    </message>
    <message>
        <source>Reject 1 change</source>
        <translation>拒绝 1 项变更</translation>
    </message>
    <message>
        <source>Reject %1 changes</source>
        <translation>拒绝 %1 项变更</translation>
    </message>
    <message>
        <source>Rejected 1 change; Undo puts it back</source>
        <translation>已拒绝 1 项变更；撤销可以恢复</translation>
    </message>
    <message>
        <source>Rejected %1 changes; Undo puts them back</source>
        <translation>已拒绝 %1 项变更；撤销可以恢复</translation>
    </message>
    <message>
        <source>Accepted 1 proposal: it is remembered now; Undo takes it back</source>
        <translation>已接受 1 项提议：现在已记住；撤销可收回</translation>
    </message>
    <message>
        <source>Accepted %1 proposals: they are remembered now; Undo takes them back</source>
        <translation>已接受 %1 项提议：现在已记住；撤销可收回</translation>
    </message>
    <message>
        <source>Rejected 1 proposal: nothing changed, and it stays in the history</source>
        <translation>已拒绝 1 项提议：什么都没有改变，它仍保留在历史中</translation>
    </message>
    <message>
        <source>Rejected %1 proposals: nothing changed, and they stay in the history</source>
        <translation>已拒绝 %1 项提议：什么都没有改变，它们仍保留在历史中</translation>
    </message>
</context>
<context>
    <name>ChangesInbox</name>
    <message>
        <source>1 change since your last review</source>
        <translation>自上次审阅以来 1 项变更</translation>
    </message>
    <message>
        <source>%1 changes since your last review</source>
        <translation>自上次审阅以来 %1 项变更</translation>
    </message>
    <message>
        <source>1 change not reviewed yet</source>
        <translation>1 项变更尚未审阅</translation>
    </message>
    <message>
        <source>%1 changes not reviewed yet</source>
        <translation>%1 项变更尚未审阅</translation>
    </message>
    <message>
        <source>1 proposal waits for your approval</source>
        <translation>1 项提议等待你批准</translation>
    </message>
    <message>
        <source>%1 proposals wait for your approval</source>
        <translation>%1 项提议等待你批准</translation>
    </message>
</context>
<context>
    <name>Columns</name>
    <message>
        <source>compressed</source>
        <translation>已压缩</translation>
    </message>
    <message>
        <source>full text</source>
        <translation>全文</translation>
    </message>
    <message>
        <source>compressed summary</source>
        <translation>压缩摘要</translation>
    </message>
    <message>
        <source>summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>trace</source>
        <translation>痕迹</translation>
    </message>
    <message>
        <source>archived (compressed)</source>
        <translation>已归档（已压缩）</translation>
    </message>
    <message>
        <source>archived</source>
        <translation>已归档</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>强度</translation>
    </message>
    <message>
        <source>Tier</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Last reinforced</source>
        <translation>上次强化</translation>
    </message>
    <message>
        <source>Accesses</source>
        <translation>访问次数</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>Verified</source>
        <translation>已核实</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>Keywords</source>
        <translation>关键词</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source>Last accessed</source>
        <translation>上次访问</translation>
    </message>
    <message>
        <source>Reinforcements</source>
        <translation>强化次数</translation>
    </message>
    <message>
        <source>Importance</source>
        <translation>重要性</translation>
    </message>
    <message>
        <source>Stability (h)</source>
        <translation>稳定度（小时）</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>敏感度</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>What the assistant remembers</source>
        <translation>助手记住的内容</translation>
    </message>
    <message>
        <source>Strength 0–100 under the active profile, at the evaluation date</source>
        <translation>当前评分方案下、评估日期时的强度（0–100）</translation>
    </message>
    <message>
        <source>permanent, active, fading, weak (archive candidate), forgotten (delete candidate)</source>
        <translation>永久、活跃、衰退、微弱（待归档）、遗忘（待删除）</translation>
    </message>
    <message>
        <source>The active profile&apos;s native score</source>
        <translation>当前评分方案的原始得分</translation>
    </message>
    <message>
        <source>Confidence 0–1</source>
        <translation>置信度（0–1）</translation>
    </message>
    <message>
        <source>Decay counts from here (reinforcement, not mere access)</source>
        <translation>衰减从此刻起算（强化，而非单纯访问）</translation>
    </message>
    <message>
        <source>Ebbinghaus stability, in hours</source>
        <translation>艾宾浩斯稳定度，单位：小时</translation>
    </message>
    <message>
        <source>★ permanent · ✗ negated · ⌫ deleted · ⤳ superseded · ▣ compressed · ▤ archived</source>
        <translation>★ 永久 · ✗ 已否定 · ⌫ 已删除 · ⤳ 已被取代 · ▣ 已压缩 · ▤ 已归档</translation>
    </message>
    <message>
        <source>0–1 normal, 2 private, 3 encrypted</source>
        <translation>0–1 普通，2 私密，3 加密</translation>
    </message>
    <message>
        <source>How much of the memory is kept: full text, a summary, a compressed summary (the original is in its history; Unarchive brings it back), or archived</source>
        <translation>记忆保留的程度：全文、摘要、压缩摘要（原文在其历史中，“取消归档”可恢复），或已归档</translation>
    </message>
    <message>
        <source>The memory&apos;s own title, as the assistant&apos;s memory file names it</source>
        <translation>记忆自己的标题，即助手记忆文件中的名称</translation>
    </message>
    <message>
        <source>The one-line description the assistant keeps with it (what its index shows)</source>
        <translation>助手随记忆保存的一行描述（即其索引中显示的内容）</translation>
    </message>
</context>
<context>
    <name>ConflictText</name>
    <message>
        <source>    correction history: + 1 entry</source>
        <translation>    纠正历史：+ 1 条</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <comment>field: before → after</comment>
        <translation>%1：%2 → %3</translation>
    </message>
    <message>
        <source>%1: unchanged · %2 %3</source>
        <translation>%1：未变 · %2 %3</translation>
    </message>
    <message>
        <source>%1 after:</source>
        <translation>%1 之后：</translation>
    </message>
    <message>
        <source>    %1 score: %2 → %3</source>
        <translation>    %1 得分：%2 → %3</translation>
    </message>
    <message>
        <source>the new memory</source>
        <translation>新记忆</translation>
    </message>
    <message>
        <source>Direct contradiction</source>
        <translation>直接矛盾</translation>
    </message>
    <message>
        <source>Scope overlap</source>
        <translation>范围重叠</translation>
    </message>
    <message>
        <source>Temporal shift</source>
        <translation>时间变化</translation>
    </message>
    <message>
        <source>File clash</source>
        <translation>文件冲突</translation>
    </message>
    <message>
        <source>The two memories are about the same subject, in the same period, and one says the opposite of the other (not, no longer, never, 不, 不再 …). When it was found, both confidences were lowered (× 0.8); which one is right is for you to decide.</source>
        <translation>两条记忆针对同一主题、同一时期，其中一条与另一条意思相反（不、不再、从不、not、no longer、never …）。发现时两者的置信度都已降低（× 0.8）；哪条正确由你决定。</translation>
    </message>
    <message>
        <source>A global memory and a project memory disagree. Inside that project the project memory wins; everywhere else the global one applies.</source>
        <translation>一条全局记忆与一条项目记忆不一致。在该项目内以项目记忆为准；其他地方以全局记忆为准。</translation>
    </message>
    <message>
        <source>An older and a newer memory of the same subject differ, written at least 30 days apart: the subject probably changed over time, so the newer one is usually right.</source>
        <translation>同一主题的新旧两条记忆内容不同，且相隔至少 30 天写入：主题很可能随时间变了，所以通常较新的一条是对的。</translation>
    </message>
    <message>
        <source>The assistant changed this memory&apos;s file in a field your decision wrote, after Recollector had read it. Nothing was written: the assistant&apos;s version stays in the file; its history shows both.</source>
        <translation>在拾忆读取之后，助手修改了这条记忆文件中你的决定所写入的字段。没有写入任何内容：文件中保留助手的版本；历史中两者都有记录。</translation>
    </message>
    <message>
        <source>Conflict of type %1.</source>
        <translation>类型为 %1 的冲突。</translation>
    </message>
    <message>
        <source>%1, automatically</source>
        <translation>%1（自动）</translation>
    </message>
    <message>
        <source>project wins</source>
        <translation>项目优先</translation>
    </message>
    <message>
        <source>open</source>
        <translation>未解决</translation>
    </message>
    <message>
        <source>dismissed</source>
        <translation>已忽略</translation>
    </message>
    <message>
        <source>resolved</source>
        <translation>已解决</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>status (how it was resolved)</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Open since %1: it waits for your choice below.</source>
        <translation>自 %1 起未解决：等待你在下方选择。</translation>
    </message>
    <message>
        <source>an unknown time</source>
        <translation>未知时间</translation>
    </message>
    <message>
        <source>Dismissed on %1 (detected %2).</source>
        <translation>于 %1 忽略（发现于 %2）。</translation>
    </message>
    <message>
        <source>Resolved on %1 with %2 (detected %3). Undo the resolution to choose again.</source>
        <translation>于 %1 以“%2”解决（发现于 %3）。撤销该解决即可重新选择。</translation>
    </message>
    <message>
        <source>Latest wins</source>
        <translation>以新者为准</translation>
    </message>
    <message>
        <source>Keep versions</source>
        <translation>保留各版本</translation>
    </message>
    <message>
        <source>Weight balance</source>
        <translation>权重平衡</translation>
    </message>
    <message>
        <source>Keep A</source>
        <translation>保留 A</translation>
    </message>
    <message>
        <source>Keep B</source>
        <translation>保留 B</translation>
    </message>
    <message>
        <source>Keep both</source>
        <translation>两者都保留</translation>
    </message>
    <message>
        <source>Merge into one text</source>
        <translation>合并为一条</translation>
    </message>
    <message>
        <source>The newer memory wins. The older one is negated: its weight drops to 30 % at once and recovers slowly, and normal retrieval leaves it out.</source>
        <translation>较新的记忆为准。较旧的被否定：其权重立即降到 30 %，之后缓慢恢复，正常检索不再返回它。</translation>
    </message>
    <message>
        <source>Both are kept as versions: the older is marked superseded (down-weighted) and linked to the newer, which records that it supersedes it.</source>
        <translation>两者都作为版本保留：较旧的标记为已被取代（降低权重）并关联到较新的，较新的一条记录它取代了旧的。</translation>
    </message>
    <message>
        <source>Both are kept exactly as they are and left to decay side by side; only the conflict is closed.</source>
        <translation>两者原样保留，各自衰减；只关闭这个冲突。</translation>
    </message>
    <message>
        <source>A is right: B is negated (its weight drops to 30 % and recovers slowly).</source>
        <translation>A 是对的：B 被否定（其权重降到 30 %，之后缓慢恢复）。</translation>
    </message>
    <message>
        <source>B is right: A is negated (its weight drops to 30 % and recovers slowly).</source>
        <translation>B 是对的：A 被否定（其权重降到 30 %，之后缓慢恢复）。</translation>
    </message>
    <message>
        <source>Both are right (e.g. in different contexts): the confidence penalty of a direct contradiction is taken back.</source>
        <translation>两者都对（例如适用于不同情境）：撤回直接矛盾造成的置信度扣减。</translation>
    </message>
    <message>
        <source>One new summary memory holds the text you write below; A and B are merged into it and archived.</source>
        <translation>新建一条摘要记忆，内容为你在下方写的文字；A 和 B 合并入其中并归档。</translation>
    </message>
    <message>
        <source>What “%1” will do:</source>
        <translation>“%1”将会：</translation>
    </message>
    <message>
        <source>A “%1”</source>
        <translation>A “%1”</translation>
    </message>
    <message>
        <source>B “%1”</source>
        <translation>B “%1”</translation>
    </message>
    <message>
        <source>New memory:</source>
        <translation>新记忆：</translation>
    </message>
    <message>
        <source>    content: %1</source>
        <translation>    内容：%1</translation>
    </message>
    <message>
        <source>    category %1 · keywords %2 · confidence %3 · level %4</source>
        <translation>    类别 %1 · 关键词 %2 · 置信度 %3 · 级别 %4</translation>
    </message>
    <message>
        <source>    %1 score: %2</source>
        <translation>    %1 得分：%2</translation>
    </message>
    <message>
        <source>Link %1 ↔ %2: weight %3 (%4)</source>
        <translation>关联 %1 ↔ %2：权重 %3（%4）</translation>
    </message>
    <message>
        <source>Conflict #%1: %2 → %3</source>
        <translation>冲突 #%1：%2 → %3</translation>
    </message>
</context>
<context>
    <name>CopyStoreDialog</name>
    <message>
        <source>Copying the memories…</source>
        <translation>正在复制记忆…</translation>
    </message>
    <message>
        <source>Copying the links…</source>
        <translation>正在复制关联…</translation>
    </message>
    <message>
        <source>Copying the history…</source>
        <translation>正在复制历史…</translation>
    </message>
    <message>
        <source>Copying the contradictions…</source>
        <translation>正在复制矛盾…</translation>
    </message>
    <message>
        <source>Copying the settings…</source>
        <translation>正在复制设置…</translation>
    </message>
</context>
<context>
    <name>DecayChartView</name>
    <message>
        <source>Around now</source>
        <translation>最近一段</translation>
    </message>
    <message>
        <source>2 weeks</source>
        <translation>2 周</translation>
    </message>
    <message>
        <source>3 months</source>
        <translation>3 个月</translation>
    </message>
    <message>
        <source>1 year</source>
        <translation>1 年</translation>
    </message>
    <message>
        <source>Whole life</source>
        <translation>整个生命周期</translation>
    </message>
    <message>
        <source>(empty)</source>
        <translation>（空）</translation>
    </message>
</context>
<context>
    <name>DecisionCommand</name>
    <message>
        <source>No store is open.</source>
        <translation>没有打开的记忆库。</translation>
    </message>
    <message>
        <source>Add memory</source>
        <translation>添加记忆</translation>
    </message>
    <message>
        <source>Confirm memory</source>
        <translation>确认记忆</translation>
    </message>
    <message>
        <source>Confirm %1 memories</source>
        <translation>确认 %1 条记忆</translation>
    </message>
    <message>
        <source>Negate memory</source>
        <translation>否定记忆</translation>
    </message>
    <message>
        <source>Negate %1 memories</source>
        <translation>否定 %1 条记忆</translation>
    </message>
    <message>
        <source>Mark memory permanent</source>
        <translation>将记忆标记为永久</translation>
    </message>
    <message>
        <source>Mark %1 memories permanent</source>
        <translation>将 %1 条记忆标记为永久</translation>
    </message>
    <message>
        <source>Unmark permanent</source>
        <translation>取消永久标记</translation>
    </message>
    <message>
        <source>Unmark %1 permanent memories</source>
        <translation>取消 %1 条永久记忆的标记</translation>
    </message>
    <message>
        <source>Delete memory</source>
        <translation>删除记忆</translation>
    </message>
    <message>
        <source>Delete %1 memories</source>
        <translation>删除 %1 条记忆</translation>
    </message>
    <message>
        <source>Restore memory</source>
        <translation>恢复记忆</translation>
    </message>
    <message>
        <source>Restore %1 memories</source>
        <translation>恢复 %1 条记忆</translation>
    </message>
    <message>
        <source>Unarchive memory</source>
        <translation>取消归档记忆</translation>
    </message>
    <message>
        <source>Unarchive %1 memories</source>
        <translation>取消归档 %1 条记忆</translation>
    </message>
    <message>
        <source>Edit memory</source>
        <translation>编辑记忆</translation>
    </message>
    <message>
        <source>Merge memory</source>
        <translation>合并记忆</translation>
    </message>
    <message>
        <source>Merge %1 memories</source>
        <translation>合并 %1 条记忆</translation>
    </message>
    <message>
        <source>Link memories</source>
        <translation>关联记忆</translation>
    </message>
    <message>
        <source>Remove link</source>
        <translation>移除关联</translation>
    </message>
    <message>
        <source>Answer review</source>
        <translation>回答审阅</translation>
    </message>
    <message>
        <source>Promote memory to core</source>
        <translation>将记忆提升为核心</translation>
    </message>
    <message>
        <source>Keep fading memory</source>
        <translation>保留衰退中的记忆</translation>
    </message>
    <message>
        <source>Keep memory as it is</source>
        <translation>保持记忆原样</translation>
    </message>
    <message>
        <source>Delete reviewed memory</source>
        <translation>删除已审阅的记忆</translation>
    </message>
    <message>
        <source>Clean up memory: %1</source>
        <translation>清理记忆：%1</translation>
    </message>
    <message>
        <source>memory %1 changed since the cleanup was planned; nothing was done</source>
        <translation>记忆 %1 在计划清理后已被修改；未做任何操作</translation>
    </message>
</context>
<context>
    <name>DuplicatesDialog</name>
    <message>
        <source>Reading the memories…</source>
        <translation>正在读取记忆…</translation>
    </message>
    <message>
        <source>Comparing memories…</source>
        <translation>正在比较记忆…</translation>
    </message>
</context>
<context>
    <name>FileClashText</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>tier</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>replaced</source>
        <translation>已被取代</translation>
    </message>
    <message>
        <source>replaces</source>
        <translation>取代</translation>
    </message>
    <message>
        <source>importance</source>
        <translation>重要性</translation>
    </message>
    <message>
        <source>stability</source>
        <translation>稳定度</translation>
    </message>
    <message>
        <source>last reinforced</source>
        <translation>上次强化</translation>
    </message>
    <message>
        <source>times reinforced</source>
        <translation>强化次数</translation>
    </message>
    <message>
        <source>decay rate</source>
        <translation>衰减率</translation>
    </message>
    <message>
        <source>strength</source>
        <translation>强度</translation>
    </message>
    <message>
        <source>keywords</source>
        <translation>关键词</translation>
    </message>
    <message>
        <source>category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>(deleted in Recollector: the file would have moved to the trash)</source>
        <translation>（已在拾忆中删除：文件本应移到回收站）</translation>
    </message>
    <message>
        <source>The assistant changed this memory&apos;s file after Recollector read it, so your delete was not carried out: the file stays as the assistant wrote it (left). Delete it again to remove that version.</source>
        <translation>在拾忆读取之后，助手修改了这条记忆的文件，所以你的删除没有执行：文件保持助手写入的样子（左侧）。再次删除即可移除该版本。</translation>
    </message>
    <message>
        <source>The assistant changed the %1 in this memory&apos;s file after Recollector read it, so your decision was not written: the file keeps the assistant&apos;s version (left); yours is on the right. Make the decision again to apply it on top of the assistant&apos;s version.</source>
        <translation>在拾忆读取之后，助手修改了这条记忆文件中的%1，所以你的决定没有写入：文件保留助手的版本（左侧）；你的版本在右侧。再次做出该决定即可在助手版本之上应用。</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
</context>
<context>
    <name>HistoryField</name>
    <message>
        <source>project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>decay rate</source>
        <translation>衰减率</translation>
    </message>
    <message>
        <source>negated at</source>
        <translation>否定时间</translation>
    </message>
    <message>
        <source>deleted at</source>
        <translation>删除时间</translation>
    </message>
    <message>
        <source>updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source>created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>last reinforced</source>
        <translation>上次强化</translation>
    </message>
    <message>
        <source>last accessed</source>
        <translation>上次访问</translation>
    </message>
    <message>
        <source>reinforcements</source>
        <translation>强化次数</translation>
    </message>
    <message>
        <source>accesses</source>
        <translation>访问次数</translation>
    </message>
    <message>
        <source>replaces</source>
        <translation>取代</translation>
    </message>
    <message>
        <source>importance (1–10)</source>
        <translation>重要性（1–10）</translation>
    </message>
    <message>
        <source>content</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>keywords</source>
        <translation>关键词</translation>
    </message>
    <message>
        <source>category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>importance</source>
        <translation>重要性</translation>
    </message>
    <message>
        <source>confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>stability</source>
        <translation>稳定度</translation>
    </message>
    <message>
        <source>strength</source>
        <translation>强度</translation>
    </message>
    <message>
        <source>sensitivity</source>
        <translation>敏感度</translation>
    </message>
    <message>
        <source>permanent</source>
        <translation>永久</translation>
    </message>
    <message>
        <source>negated</source>
        <translation>已否定</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>archived</source>
        <translation>已归档</translation>
    </message>
    <message>
        <source>level</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>correction history</source>
        <translation>纠正历史</translation>
    </message>
    <message>
        <source>merged from</source>
        <translation>合并自</translation>
    </message>
    <message>
        <source>merged into</source>
        <translation>合并入</translation>
    </message>
    <message>
        <source>original texts</source>
        <translation>原文</translation>
    </message>
    <message>
        <source>compressed from</source>
        <translation>压缩自</translation>
    </message>
    <message>
        <source>sources</source>
        <translation>来源记忆</translation>
    </message>
    <message>
        <source>superseded</source>
        <translation>已被取代</translation>
    </message>
    <message>
        <source>name, description or other fields</source>
        <translation>名称、描述或其他字段</translation>
    </message>
</context>
<context>
    <name>HistoryLine</name>
    <message>
        <source>“%1”</source>
        <comment>a memory named by its text</comment>
        <translation>“%1”</translation>
    </message>
    <message>
        <source>%1 and %2</source>
        <comment>the last of several changed fields</comment>
        <translation>%1和%2</translation>
    </message>
    <message>
        <source>, </source>
        <translation>、</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>what happened: why</comment>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Reinforced</source>
        <translation>已强化</translation>
    </message>
    <message>
        <source>Reinforced (%1)</source>
        <translation>已强化（%1）</translation>
    </message>
    <message>
        <source>: stability %1 → %2</source>
        <translation>：稳定度 %1 → %2</translation>
    </message>
    <message>
        <source>: stability → %1</source>
        <translation>：稳定度 → %1</translation>
    </message>
    <message>
        <source>Negated: &apos;%1&apos;</source>
        <translation>已否定：“%1”</translation>
    </message>
    <message>
        <source>Negated</source>
        <translation>已否定</translation>
    </message>
    <message>
        <source>Negated (%1)</source>
        <translation>已否定（%1）</translation>
    </message>
    <message>
        <source>Permanent mark removed</source>
        <translation>已取消永久标记</translation>
    </message>
    <message>
        <source>Marked permanent</source>
        <translation>已标记为永久</translation>
    </message>
    <message>
        <source>Merged into %1</source>
        <translation>已合并入 %1</translation>
    </message>
    <message numerus="yes">
        <source>Merged from %n memory</source>
        <translation>
            <numerusform>已合并 %n 条记忆</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Merged from %n memories</source>
        <translation>
            <numerusform>已合并 %n 条记忆</numerusform>
        </translation>
    </message>
    <message>
        <source>Merged</source>
        <translation>已合并</translation>
    </message>
    <message>
        <source>%1 (locked)</source>
        <translation>%1（已锁定）</translation>
    </message>
    <message>
        <source>Confirmed</source>
        <translation>已确认</translation>
    </message>
    <message>
        <source>Edited</source>
        <translation>已编辑</translation>
    </message>
    <message>
        <source>Edited %1</source>
        <translation>已编辑%1</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>Restored</source>
        <translation>已恢复</translation>
    </message>
    <message>
        <source>Conflict detected</source>
        <translation>发现冲突</translation>
    </message>
    <message>
        <source>Conflict detected (%1)</source>
        <translation>发现冲突（%1）</translation>
    </message>
    <message>
        <source>%1 with %2</source>
        <translation>%1，对方：%2</translation>
    </message>
    <message>
        <source>Conflict resolved</source>
        <translation>冲突已解决</translation>
    </message>
    <message>
        <source>Conflict resolved: %1</source>
        <translation>冲突已解决：%1</translation>
    </message>
    <message>
        <source>Conflict dismissed: not a conflict</source>
        <translation>冲突已忽略：不是冲突</translation>
    </message>
    <message>
        <source>Recently updated</source>
        <translation>最近更新</translation>
    </message>
    <message>
        <source>Recently updated (replaces %1)</source>
        <translation>最近更新（取代 %1）</translation>
    </message>
    <message>
        <source>Archived</source>
        <translation>已归档</translation>
    </message>
    <message>
        <source>Compressed to a summary (original text kept here)</source>
        <translation>已压缩为摘要（原文保存在此）</translation>
    </message>
    <message>
        <source>Re-activated: recalled in review mode</source>
        <translation>已重新激活：在审阅模式中被召回</translation>
    </message>
    <message>
        <source>Unarchived by the confirmation</source>
        <translation>因确认而取消归档</translation>
    </message>
    <message>
        <source>Unarchived</source>
        <translation>已取消归档</translation>
    </message>
    <message>
        <source>%1, original text restored</source>
        <translation>%1，已恢复原文</translation>
    </message>
    <message>
        <source>Purged</source>
        <translation>已清除</translation>
    </message>
    <message>
        <source>Imported</source>
        <translation>已导入</translation>
    </message>
    <message>
        <source>Imported from %1</source>
        <translation>导入自 %1</translation>
    </message>
    <message>
        <source>Accessed (retrieval hit)</source>
        <translation>已访问（检索命中）</translation>
    </message>
    <message>
        <source>Reverted a decision</source>
        <translation>已撤销一个决定</translation>
    </message>
    <message>
        <source>Reverted event #%1</source>
        <translation>已撤销事件 #%1</translation>
    </message>
    <message>
        <source>Linked</source>
        <translation>已关联</translation>
    </message>
    <message>
        <source>Linked to %1</source>
        <translation>已关联到 %1</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>已创建</translation>
    </message>
    <message>
        <source>confirmed as a useful association</source>
        <translation>确认为有用的关联</translation>
    </message>
    <message>
        <source>recalled together</source>
        <translation>一同被召回</translation>
    </message>
    <message>
        <source>Link to %1 strengthened</source>
        <translation>与 %1 的关联已加强</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a link strengthened (why)</comment>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>a memory no longer in the store</source>
        <translation>一条已不在存储中的记忆</translation>
    </message>
    <message>
        <source>recalled by the assistant</source>
        <translation>被助手回忆</translation>
    </message>
    <message>
        <source>a task it helped succeeded</source>
        <translation>它参与的任务成功了</translation>
    </message>
    <message>
        <source>a task it helped failed</source>
        <translation>它参与的任务失败了</translation>
    </message>
    <message>
        <source>confirmed by you</source>
        <translation>由你确认</translation>
    </message>
    <message>
        <source>kept in a review</source>
        <translation>在复查中保留</translation>
    </message>
    <message>
        <source>recalled through a linked memory</source>
        <translation>经由关联记忆被回忆</translation>
    </message>
    <message>
        <source>a direct contradiction</source>
        <translation>直接矛盾</translation>
    </message>
    <message>
        <source>overlapping scope</source>
        <translation>范围重叠</translation>
    </message>
    <message>
        <source>a newer version</source>
        <translation>较新的版本</translation>
    </message>
    <message>
        <source>both changed the same file</source>
        <translation>双方改了同一个文件</translation>
    </message>
    <message>
        <source>Proposed by the assistant, waiting for approval</source>
        <translation>助手的提议，等待批准</translation>
    </message>
    <message>
        <source>The assistant&apos;s proposal accepted</source>
        <translation>已接受助手的提议</translation>
    </message>
    <message>
        <source>The assistant&apos;s proposal rejected</source>
        <translation>已拒绝助手的提议</translation>
    </message>
</context>
<context>
    <name>HistoryValue</name>
    <message>
        <source>locked: unlock the store to read what changed</source>
        <translation>已锁定：解锁记忆库才能查看改动</translation>
    </message>
    <message>
        <source>locked: %1</source>
        <translation>已锁定：%1</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <comment>field: before → after</comment>
        <translation>%1：%2 → %3</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>%1 h</source>
        <comment>hours of stability</comment>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
</context>
<context>
    <name>ImportJob</name>
    <message>
        <source>Reading the file…</source>
        <translation>正在读取文件…</translation>
    </message>
    <message>
        <source>reading cancelled; nothing was written</source>
        <translation>读取已取消；未写入任何内容</translation>
    </message>
    <message>
        <source>Comparing with the store…</source>
        <translation>正在与记忆库比较…</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>正在导入…</translation>
    </message>
    <message>
        <source>Recording contradictions…</source>
        <translation>正在记录矛盾…</translation>
    </message>
</context>
<context>
    <name>ImportUndoCommand</name>
    <message>
        <source>Import of %1: 1 memory</source>
        <translation>导入 %1：1 条记忆</translation>
    </message>
    <message>
        <source>Import of %1: %2 memories</source>
        <translation>导入 %1：%2 条记忆</translation>
    </message>
    <message>
        <source>No store is open.</source>
        <translation>没有打开的记忆库。</translation>
    </message>
</context>
<context>
    <name>MaskedText</name>
    <message>
        <source>locked</source>
        <translation>已锁定</translation>
    </message>
    <message>
        <source>hidden (privacy mode)</source>
        <translation>已隐藏（隐私模式）</translation>
    </message>
</context>
<context>
    <name>ProposalsPane</name>
    <message>
        <source>Proposed by the assistant: 1 change waits for your approval (A accept, R reject)</source>
        <translation>助手的提议：1 项变更等待你批准（A 接受，R 拒绝）</translation>
    </message>
    <message>
        <source>Proposed by the assistant: %1 changes wait for your approval (A accept, R reject)</source>
        <translation>助手的提议：%1 项变更等待你批准（A 接受，R 拒绝）</translation>
    </message>
    <message>
        <source>Accept 1 proposal</source>
        <translation>接受 1 项提议</translation>
    </message>
    <message>
        <source>Accept %1 proposals</source>
        <translation>接受 %1 项提议</translation>
    </message>
    <message>
        <source>Reject 1 proposal</source>
        <translation>拒绝 1 项提议</translation>
    </message>
    <message>
        <source>Reject %1 proposals</source>
        <translation>拒绝 %1 项提议</translation>
    </message>
</context>
<context>
    <name>QCoreApplication</name>
    <message>
        <source>Committing…</source>
        <translation>正在提交…</translation>
    </message>
</context>
<context>
    <name>QObject</name>
    <message>
        <source>Planning cancelled; nothing was written.</source>
        <translation>规划已取消；未写入任何内容。</translation>
    </message>
    <message>
        <source>Cleanup cancelled; nothing was written.</source>
        <translation>清理已取消；未写入任何内容。</translation>
    </message>
    <message>
        <source>Export to an agent memory folder</source>
        <translation>导出到智能体记忆文件夹</translation>
    </message>
    <message>
        <source>Recollector YAML (*.yaml *.yml)</source>
        <translation>拾忆 YAML (*.yaml *.yml)</translation>
    </message>
    <message>
        <source>CSV (*.csv)</source>
        <translation>CSV (*.csv)</translation>
    </message>
    <message>
        <source>Recollector JSON (*.json)</source>
        <translation>拾忆 JSON (*.json)</translation>
    </message>
    <message>
        <source>Export memories</source>
        <translation>导出记忆</translation>
    </message>
    <message>
        <source>Collecting the memories…</source>
        <translation>正在收集记忆…</translation>
    </message>
    <message>
        <source>Export cancelled; nothing was written.</source>
        <translation>导出已取消；未写入任何内容。</translation>
    </message>
    <message numerus="yes">
        <source>Writing %n memories…</source>
        <translation>
            <numerusform>正在写入 %n 条记忆…</numerusform>
        </translation>
    </message>
    <message>
        <source>Overwrite the stored one</source>
        <translation>覆盖已存储的记忆</translation>
    </message>
    <message>
        <source>Skip (keep the stored one)</source>
        <translation>跳过（保留已存储的记忆）</translation>
    </message>
    <message>
        <source>Keep both (add under a new id)</source>
        <translation>两者都保留（以新 ID 添加）</translation>
    </message>
    <message>
        <source>Ctrl+Enter</source>
        <translation>Ctrl+Enter</translation>
    </message>
</context>
<context>
    <name>RebuildLinksDialog</name>
    <message>
        <source>Reading the keywords…</source>
        <translation>正在读取关键词…</translation>
    </message>
    <message>
        <source>Linking memories…</source>
        <translation>正在关联记忆…</translation>
    </message>
    <message>
        <source>Writing the links…</source>
        <translation>正在写入关联…</translation>
    </message>
</context>
<context>
    <name>RelativeTime</name>
    <message>
        <source>just now</source>
        <translation>刚刚</translation>
    </message>
    <message>
        <source>%n minute ago</source>
        <translation>%n 分钟前</translation>
    </message>
    <message>
        <source>%n minutes ago</source>
        <translation>%n 分钟前</translation>
    </message>
    <message>
        <source>in %n minute</source>
        <translation>%n 分钟后</translation>
    </message>
    <message>
        <source>in %n minutes</source>
        <translation>%n 分钟后</translation>
    </message>
    <message>
        <source>%n hour ago</source>
        <translation>%n 小时前</translation>
    </message>
    <message>
        <source>%n hours ago</source>
        <translation>%n 小时前</translation>
    </message>
    <message>
        <source>in %n hour</source>
        <translation>%n 小时后</translation>
    </message>
    <message>
        <source>in %n hours</source>
        <translation>%n 小时后</translation>
    </message>
    <message>
        <source>%n day ago</source>
        <translation>%n 天前</translation>
    </message>
    <message>
        <source>%n days ago</source>
        <translation>%n 天前</translation>
    </message>
    <message>
        <source>in %n day</source>
        <translation>%n 天后</translation>
    </message>
    <message>
        <source>in %n days</source>
        <translation>%n 天后</translation>
    </message>
    <message>
        <source>%n month ago</source>
        <translation>%n 个月前</translation>
    </message>
    <message>
        <source>%n months ago</source>
        <translation>%n 个月前</translation>
    </message>
    <message>
        <source>in %n month</source>
        <translation>%n 个月后</translation>
    </message>
    <message>
        <source>in %n months</source>
        <translation>%n 个月后</translation>
    </message>
    <message>
        <source>%n year ago</source>
        <translation>%n 年前</translation>
    </message>
    <message>
        <source>%n years ago</source>
        <translation>%n 年前</translation>
    </message>
    <message>
        <source>in %n year</source>
        <translation>%n 年后</translation>
    </message>
    <message>
        <source>in %n years</source>
        <translation>%n 年后</translation>
    </message>
</context>
<context>
    <name>ResolveConflictCommand</name>
    <message>
        <source>latest wins</source>
        <translation>以新者为准</translation>
    </message>
    <message>
        <source>keep versions</source>
        <translation>保留各版本</translation>
    </message>
    <message>
        <source>weight balance</source>
        <translation>权重平衡</translation>
    </message>
    <message>
        <source>keep A</source>
        <translation>保留 A</translation>
    </message>
    <message>
        <source>keep B</source>
        <translation>保留 B</translation>
    </message>
    <message>
        <source>keep both</source>
        <translation>两者都保留</translation>
    </message>
    <message>
        <source>merge</source>
        <translation>合并</translation>
    </message>
    <message>
        <source>Dismiss conflict #%1: not a conflict</source>
        <translation>忽略冲突 #%1：不是冲突</translation>
    </message>
    <message>
        <source>Resolve conflict #%1: %2</source>
        <translation>解决冲突 #%1：%2</translation>
    </message>
    <message>
        <source>No store is open.</source>
        <translation>没有打开的记忆库。</translation>
    </message>
</context>
<context>
    <name>ReviewPointCommand</name>
    <message>
        <source>No store is open.</source>
        <translation>没有打开的记忆库。</translation>
    </message>
</context>
<context>
    <name>ScoringText</name>
    <message>
        <source>ebbinghaus</source>
        <translation>艾宾浩斯</translation>
    </message>
    <message>
        <source>enhanced</source>
        <translation>增强</translation>
    </message>
    <message>
        <source>importance</source>
        <comment>the scoring profile</comment>
        <translation>重要性</translation>
    </message>
    <message>
        <source>lifecycle</source>
        <translation>生命周期</translation>
    </message>
    <message>
        <source>keyword</source>
        <translation>关键词</translation>
    </message>
    <message>
        <source>co-task</source>
        <translation>同任务</translation>
    </message>
    <message>
        <source>temporal</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>co-project</source>
        <translation>同项目</translation>
    </message>
    <message>
        <source>manual</source>
        <translation>手动</translation>
    </message>
    <message>
        <source>semantic</source>
        <translation>语义</translation>
    </message>
    <message>
        <source>other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>1 hour</source>
        <translation>1 小时</translation>
    </message>
    <message>
        <source>%1 hours</source>
        <translation>%1 小时</translation>
    </message>
    <message>
        <source>about %1 days</source>
        <translation>约 %1 天</translation>
    </message>
    <message>
        <source>about %1 months</source>
        <translation>约 %1 个月</translation>
    </message>
    <message>
        <source>about %1 years</source>
        <translation>约 %1 年</translation>
    </message>
</context>
<context>
    <name>SettingHelp</name>
    <message>
        <source>How long a new memory lasts before it starts to fade: its first stability, in hours.</source>
        <translation>新记忆开始衰退前能保持多久：它的初始稳定度，单位：小时。</translation>
    </message>
    <message>
        <source>The first stability of a memory you add by hand, in hours.</source>
        <translation>手动添加的记忆的初始稳定度，单位：小时。</translation>
    </message>
    <message>
        <source>The most stability reinforcement can build up, in hours.</source>
        <translation>强化最多能累积到的稳定度，单位：小时。</translation>
    </message>
    <message>
        <source>Below this strength (0–100) a memory is shown as fading.</source>
        <translation>强度（0–100）低于此值时，记忆显示为衰退。</translation>
    </message>
    <message>
        <source>Below this strength a cleanup archives the memory: the assistant no longer recalls it.</source>
        <translation>强度低于此值时，清理会将记忆归档：助手不再召回它。</translation>
    </message>
    <message>
        <source>Below this strength a cleanup deletes the memory (you can restore it).</source>
        <translation>强度低于此值时，清理会删除记忆（可以恢复）。</translation>
    </message>
    <message>
        <source>How often the scheduled cleanup runs, in hours.</source>
        <translation>定时清理的运行间隔，单位：小时。</translation>
    </message>
    <message>
        <source>From this confidence on, a memory decays more slowly.</source>
        <translation>置信度达到此值起，记忆衰减变慢。</translation>
    </message>
    <message>
        <source>How much slower a high-confidence memory decays (a factor on its decay rate).</source>
        <translation>高置信度记忆衰减慢多少（乘在其衰减率上的系数）。</translation>
    </message>
    <message>
        <source>How much slower a well-reinforced memory decays (a factor on its decay rate).</source>
        <translation>充分强化的记忆衰减慢多少（乘在其衰减率上的系数）。</translation>
    </message>
    <message>
        <source>Reinforcements after which a memory counts as well reinforced.</source>
        <translation>强化达到此次数后，记忆算作充分强化。</translation>
    </message>
    <message>
        <source>The slowest a memory may decay.</source>
        <translation>记忆可能的最慢衰减速度。</translation>
    </message>
    <message>
        <source>The fastest a memory may decay.</source>
        <translation>记忆可能的最快衰减速度。</translation>
    </message>
    <message>
        <source>What a due cleanup does: review (it waits in the review queue) or automatic (applied, and undoable).</source>
        <translation>到期的清理做什么：审阅（在审阅队列中等待）或自动（直接应用，可撤销）。</translation>
    </message>
    <message>
        <source>What a recall multiplies a memory&apos;s stability by.</source>
        <translation>一次召回使记忆的稳定度乘以多少。</translation>
    </message>
    <message>
        <source>What a task that used the memory and succeeded multiplies its stability by.</source>
        <translation>使用该记忆且成功的任务使其稳定度乘以多少。</translation>
    </message>
    <message>
        <source>What a task that used the memory and failed multiplies its stability by (below 1 lowers it).</source>
        <translation>使用该记忆但失败的任务使其稳定度乘以多少（小于 1 则降低）。</translation>
    </message>
    <message>
        <source>What your confirm or keep multiplies a memory&apos;s stability by.</source>
        <translation>你的确认或保留使记忆的稳定度乘以多少。</translation>
    </message>
    <message>
        <source>What a recall through a link multiplies a memory&apos;s stability by.</source>
        <translation>通过关联的一次召回使记忆的稳定度乘以多少。</translation>
    </message>
    <message>
        <source>Enhanced profile: how fast the time weight falls, per day.</source>
        <translation>增强方案：时间权重每天下降多快。</translation>
    </message>
    <message>
        <source>Enhanced profile: how fast this user forgets (0.8 slowly, 1.0 normal, 1.3 fast).</source>
        <translation>增强方案：该用户遗忘多快（0.8 慢，1.0 正常，1.3 快）。</translation>
    </message>
    <message>
        <source>Enhanced profile: the boost of a memory mentioned again (it wears off).</source>
        <translation>增强方案：再次被提及的记忆获得的加成（会逐渐消退）。</translation>
    </message>
    <message>
        <source>Enhanced profile: the boost of a memory mentioned often.</source>
        <translation>增强方案：经常被提及的记忆获得的加成。</translation>
    </message>
    <message>
        <source>Enhanced profile: mentions within the window that count as often.</source>
        <translation>增强方案：窗口内达到多少次提及算作经常。</translation>
    </message>
    <message>
        <source>Enhanced profile: how fast the mention boost wears off.</source>
        <translation>增强方案：提及加成消退多快。</translation>
    </message>
    <message>
        <source>Enhanced profile: the window, in hours, in which mentions are counted.</source>
        <translation>增强方案：统计提及次数的窗口，单位：小时。</translation>
    </message>
    <message>
        <source>Enhanced profile: the most extra weight a memory mentioned in the last days gets.</source>
        <translation>增强方案：最近几天被提及的记忆最多获得的额外权重。</translation>
    </message>
    <message>
        <source>Enhanced profile: how fast that momentum wears off.</source>
        <translation>增强方案：该势头消退多快。</translation>
    </message>
    <message>
        <source>Enhanced profile: the days of use that count for momentum.</source>
        <translation>增强方案：计入势头的使用天数。</translation>
    </message>
    <message>
        <source>Enhanced profile: the lowest weight a memory can have.</source>
        <translation>增强方案：记忆可具有的最低权重。</translation>
    </message>
    <message>
        <source>Enhanced profile: the highest weight a memory can have.</source>
        <translation>增强方案：记忆可具有的最高权重。</translation>
    </message>
    <message>
        <source>Enhanced profile: below this weight a memory is fading.</source>
        <translation>增强方案：权重低于此值时记忆为衰退。</translation>
    </message>
    <message>
        <source>Enhanced profile: below this weight a memory is weak.</source>
        <translation>增强方案：权重低于此值时记忆为微弱。</translation>
    </message>
    <message>
        <source>Enhanced profile: below this weight a memory is forgotten.</source>
        <translation>增强方案：权重低于此值时记忆为遗忘。</translation>
    </message>
    <message>
        <source>Enhanced profile: days a memory stays forgotten before a cleanup archives it.</source>
        <translation>增强方案：记忆处于遗忘状态多少天后由清理归档。</translation>
    </message>
    <message>
        <source>Enhanced profile: days an archived memory stays before a cleanup deletes it.</source>
        <translation>增强方案：已归档的记忆保留多少天后由清理删除。</translation>
    </message>
    <message>
        <source>Importance profile: what a confirm or a recall adds to the importance.</source>
        <translation>重要性方案：一次确认或召回为重要性增加多少。</translation>
    </message>
    <message>
        <source>Importance profile: from this importance on a memory is core and never decays.</source>
        <translation>重要性方案：重要性达到此值起记忆成为核心，永不衰减。</translation>
    </message>
    <message>
        <source>Importance profile: from this importance on the review queue asks whether to make it core.</source>
        <translation>重要性方案：重要性达到此值起，审阅队列询问是否将其设为核心。</translation>
    </message>
    <message>
        <source>Importance profile: below this importance the review queue asks whether to keep it.</source>
        <translation>重要性方案：重要性低于此值时，审阅队列询问是否保留它。</translation>
    </message>
    <message>
        <source>Importance profile: the importance a memory gets back when you keep it.</source>
        <translation>重要性方案：你保留记忆时它恢复到的重要性。</translation>
    </message>
    <message>
        <source>Importance profile: below this importance a memory is weak.</source>
        <translation>重要性方案：重要性低于此值时记忆为微弱。</translation>
    </message>
    <message>
        <source>Importance profile: below this importance a memory is forgotten.</source>
        <translation>重要性方案：重要性低于此值时记忆为遗忘。</translation>
    </message>
    <message>
        <source>Lifecycle profile: how fast age lowers the score.</source>
        <translation>生命周期方案：年龄使得分下降多快。</translation>
    </message>
    <message>
        <source>Lifecycle profile: how much being recalled counts.</source>
        <translation>生命周期方案：被召回的权重有多大。</translation>
    </message>
    <message>
        <source>Lifecycle profile: how much importance counts.</source>
        <translation>生命周期方案：重要性的权重有多大。</translation>
    </message>
    <message>
        <source>Lifecycle profile: from this score on a memory is active.</source>
        <translation>生命周期方案：得分达到此值起记忆为活跃。</translation>
    </message>
    <message>
        <source>Lifecycle profile: from this score on a memory is fading, below it weak.</source>
        <translation>生命周期方案：得分达到此值起记忆为衰退，低于则为微弱。</translation>
    </message>
    <message>
        <source>Lifecycle profile: below this score a memory is forgotten.</source>
        <translation>生命周期方案：得分低于此值时记忆为遗忘。</translation>
    </message>
    <message>
        <source>The most a contradiction can lower the strength of the memories in it (a factor).</source>
        <translation>矛盾最多能使其中记忆的强度降低多少（系数）。</translation>
    </message>
    <message>
        <source>How fast a memory recovers from a contradiction, per day.</source>
        <translation>记忆每天从矛盾中恢复多快。</translation>
    </message>
    <message>
        <source>How many keywords two memories must share (0–1) to be checked for a contradiction.</source>
        <translation>两条记忆须共享多少关键词（0–1）才检查是否矛盾。</translation>
    </message>
    <message>
        <source>Days apart after which a contradiction is taken as a change of mind.</source>
        <translation>相隔多少天后，矛盾视为想法改变。</translation>
    </message>
    <message>
        <source>What a direct contradiction multiplies both memories&apos; confidence by.</source>
        <translation>直接矛盾使两条记忆的置信度乘以多少。</translation>
    </message>
    <message>
        <source>A change of mind: latest_wins supersedes the older memory by itself; flag leaves it for you.</source>
        <translation>想法改变：latest_wins 自动以新记忆取代旧记忆；flag 留给你处理。</translation>
    </message>
    <message>
        <source>A project memory against a global one: project_wins lets the project&apos;s win inside that project; flag leaves it for you.</source>
        <translation>项目记忆与全局记忆冲突：project_wins 让项目记忆在该项目内优先；flag 留给你处理。</translation>
    </message>
    <message>
        <source>A direct contradiction: flag leaves it open for you (both confidences are lowered).</source>
        <translation>直接矛盾：flag 保持未解决，留给你处理（两者的置信度都会降低）。</translation>
    </message>
    <message>
        <source>Shared keywords (0–1) from which two memories are linked.</source>
        <translation>两条记忆共享关键词（0–1）达到此值即建立关联。</translation>
    </message>
    <message>
        <source>The weight of a link between memories used in the same task.</source>
        <translation>同一任务中使用的记忆之间关联的权重。</translation>
    </message>
    <message>
        <source>The weight of a link between memories made close in time.</source>
        <translation>创建时间相近的记忆之间关联的权重。</translation>
    </message>
    <message>
        <source>How close in time, in hours, memories must be made to be linked.</source>
        <translation>记忆的创建时间相隔多近（小时）才建立关联。</translation>
    </message>
    <message>
        <source>The lowest weight a link by time may have.</source>
        <translation>按时间建立的关联可具有的最低权重。</translation>
    </message>
    <message>
        <source>The weight of a link between memories of the same project.</source>
        <translation>同一项目的记忆之间关联的权重。</translation>
    </message>
    <message>
        <source>What a link gains when both memories are recalled together.</source>
        <translation>两条记忆一同被召回时关联增加多少。</translation>
    </message>
    <message>
        <source>What a link gains when a recall through it was confirmed.</source>
        <translation>通过关联的召回被确认时关联增加多少。</translation>
    </message>
    <message>
        <source>How much of its activation a memory passes on to its links, per step.</source>
        <translation>记忆每一步将多少激活传递给其关联。</translation>
    </message>
    <message>
        <source>Activation below which a recall stops following links.</source>
        <translation>激活低于此值时，召回不再沿关联继续。</translation>
    </message>
    <message>
        <source>How many links a recall follows at most.</source>
        <translation>一次召回最多沿多少层关联。</translation>
    </message>
    <message>
        <source>How many memories a recall through links returns at most.</source>
        <translation>一次通过关联的召回最多返回多少条记忆。</translation>
    </message>
    <message>
        <source>Days a deleted memory is kept before a cleanup removes it for good.</source>
        <translation>已删除的记忆保留多少天后由清理永久移除。</translation>
    </message>
    <message>
        <source>Episodes kept whole; past this many, a cleanup compresses the weakest.</source>
        <translation>完整保留的经历数量；超过此数时，清理会压缩最弱的。</translation>
    </message>
    <message>
        <source>Compressed episodes kept; past this many, a cleanup deletes the weakest.</source>
        <translation>保留的已压缩经历数量；超过此数时，清理会删除最弱的。</translation>
    </message>
    <message>
        <source>Rules kept; past this many, a cleanup deletes the weakest.</source>
        <translation>保留的规则数量；超过此数时，清理会删除最弱的。</translation>
    </message>
    <message>
        <source>Minutes without use after which encrypted memories are locked again.</source>
        <translation>无操作多少分钟后，加密记忆重新锁定。</translation>
    </message>
</context>
<context>
    <name>SettingLabel</name>
    <message>
        <source>Initial stability (hours)</source>
        <translation>初始稳定度（小时）</translation>
    </message>
    <message>
        <source>Manual stability (hours)</source>
        <translation>手动添加稳定度（小时）</translation>
    </message>
    <message>
        <source>Max stability (hours)</source>
        <translation>最大稳定度（小时）</translation>
    </message>
    <message>
        <source>Fading threshold</source>
        <translation>衰退阈值</translation>
    </message>
    <message>
        <source>Archive threshold</source>
        <translation>归档阈值</translation>
    </message>
    <message>
        <source>Delete threshold</source>
        <translation>删除阈值</translation>
    </message>
    <message>
        <source>Cleanup interval (hours)</source>
        <translation>清理间隔（小时）</translation>
    </message>
    <message>
        <source>High confidence</source>
        <translation>高置信度</translation>
    </message>
    <message>
        <source>High confidence factor</source>
        <translation>高置信度系数</translation>
    </message>
    <message>
        <source>Well reinforced factor</source>
        <translation>充分强化系数</translation>
    </message>
    <message>
        <source>Well reinforced count</source>
        <translation>充分强化次数</translation>
    </message>
    <message>
        <source>Min decay rate</source>
        <translation>最小衰减率</translation>
    </message>
    <message>
        <source>Max decay rate</source>
        <translation>最大衰减率</translation>
    </message>
    <message>
        <source>Scheduled cleanup</source>
        <translation>定时清理</translation>
    </message>
    <message>
        <source>Retrieve</source>
        <translation>召回</translation>
    </message>
    <message>
        <source>Task success</source>
        <translation>任务成功</translation>
    </message>
    <message>
        <source>Task failure</source>
        <translation>任务失败</translation>
    </message>
    <message>
        <source>Manual review</source>
        <translation>人工审阅</translation>
    </message>
    <message>
        <source>Association hit</source>
        <translation>关联命中</translation>
    </message>
    <message>
        <source>Frequent mentions</source>
        <translation>频繁提及次数</translation>
    </message>
    <message>
        <source>Frequent window (hours)</source>
        <translation>频繁窗口（小时）</translation>
    </message>
    <message>
        <source>Momentum window (days)</source>
        <translation>势头窗口（天）</translation>
    </message>
    <message>
        <source>Min weight</source>
        <translation>最小权重</translation>
    </message>
    <message>
        <source>Max weight</source>
        <translation>最大权重</translation>
    </message>
    <message>
        <source>Fading below</source>
        <translation>衰退下限</translation>
    </message>
    <message>
        <source>Weak below</source>
        <translation>微弱下限</translation>
    </message>
    <message>
        <source>Forgotten below</source>
        <translation>遗忘下限</translation>
    </message>
    <message>
        <source>Archive after (days)</source>
        <translation>归档前天数</translation>
    </message>
    <message>
        <source>Delete archived after (days)</source>
        <translation>删除已归档前天数</translation>
    </message>
    <message>
        <source>Boost</source>
        <translation>加成</translation>
    </message>
    <message>
        <source>Core at</source>
        <translation>核心阈值</translation>
    </message>
    <message>
        <source>Promote review at</source>
        <translation>提升审阅阈值</translation>
    </message>
    <message>
        <source>Decay review below</source>
        <translation>衰减审阅下限</translation>
    </message>
    <message>
        <source>Reset on keep</source>
        <translation>保留时重置为</translation>
    </message>
    <message>
        <source>Recall weight</source>
        <translation>召回权重</translation>
    </message>
    <message>
        <source>Importance weight</source>
        <translation>重要性权重</translation>
    </message>
    <message>
        <source>Active at</source>
        <translation>活跃阈值</translation>
    </message>
    <message>
        <source>Fading at</source>
        <translation>衰退阈值</translation>
    </message>
    <message>
        <source>Weak at</source>
        <translation>微弱阈值</translation>
    </message>
    <message>
        <source>Min factor</source>
        <translation>最小系数</translation>
    </message>
    <message>
        <source>Recovery (per day)</source>
        <translation>恢复（每天）</translation>
    </message>
    <message>
        <source>Temporal shift (days)</source>
        <translation>时间变化（天）</translation>
    </message>
    <message>
        <source>On temporal shift</source>
        <translation>时间变化时</translation>
    </message>
    <message>
        <source>On scope overlap</source>
        <translation>范围重叠时</translation>
    </message>
    <message>
        <source>On direct contradiction</source>
        <translation>直接矛盾时</translation>
    </message>
    <message>
        <source>Keyword threshold</source>
        <translation>关键词阈值</translation>
    </message>
    <message>
        <source>Temporal weight</source>
        <translation>时间权重</translation>
    </message>
    <message>
        <source>Temporal window (hours)</source>
        <translation>时间窗口（小时）</translation>
    </message>
    <message>
        <source>Temporal min weight</source>
        <translation>时间最小权重</translation>
    </message>
    <message>
        <source>Confirmed hit boost</source>
        <translation>确认命中加成</translation>
    </message>
    <message>
        <source>Activation decay</source>
        <translation>激活衰减</translation>
    </message>
    <message>
        <source>Min activation</source>
        <translation>最小激活</translation>
    </message>
    <message>
        <source>Max depth</source>
        <translation>最大深度</translation>
    </message>
    <message>
        <source>Max results</source>
        <translation>最多结果</translation>
    </message>
    <message>
        <source>Purge after (days)</source>
        <translation>清除前天数</translation>
    </message>
    <message>
        <source>Active episodes</source>
        <translation>活跃经历</translation>
    </message>
    <message>
        <source>Compressed</source>
        <translation>已压缩经历</translation>
    </message>
    <message>
        <source>Semantic rules</source>
        <translation>语义规则</translation>
    </message>
    <message>
        <source>Idle lock (minutes)</source>
        <translation>空闲锁定（分钟）</translation>
    </message>
    <message>
        <source>Time weight falls per day</source>
        <translation>时间权重每日下降</translation>
    </message>
    <message>
        <source>How fast this user forgets</source>
        <translation>该用户遗忘的快慢</translation>
    </message>
    <message>
        <source>Mention boost</source>
        <translation>提及加成</translation>
    </message>
    <message>
        <source>Mention boost when frequent</source>
        <translation>频繁提及时的加成</translation>
    </message>
    <message>
        <source>Mention boost wears off</source>
        <translation>提及加成的消退</translation>
    </message>
    <message>
        <source>Recent mention bonus</source>
        <translation>近期提及奖励</translation>
    </message>
    <message>
        <source>Recent mention bonus wears off</source>
        <translation>近期提及奖励的消退</translation>
    </message>
    <message>
        <source>Age lowers the score</source>
        <translation>年龄对得分的降低</translation>
    </message>
    <message>
        <source>Shared keywords to compare</source>
        <translation>比较所需的共同关键词</translation>
    </message>
    <message>
        <source>Confidence kept after a contradiction</source>
        <translation>矛盾后保留的置信度</translation>
    </message>
    <message>
        <source>Same task link weight</source>
        <translation>同任务关联权重</translation>
    </message>
    <message>
        <source>Same project link weight</source>
        <translation>同项目关联权重</translation>
    </message>
    <message>
        <source>Recalled together boost</source>
        <translation>一同被回忆的加成</translation>
    </message>
</context>
<context>
    <name>SourceText</name>
    <message>
        <source>a chat</source>
        <translation>对话</translation>
    </message>
    <message>
        <source>you</source>
        <translation>你</translation>
    </message>
    <message>
        <source>assistant (background)</source>
        <translation>助手（后台）</translation>
    </message>
    <message>
        <source>the system</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>an import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Claude Code</source>
        <translation>Claude Code</translation>
    </message>
</context>
<context>
    <name>StoreProfileCommand</name>
    <message>
        <source>Scoring profile %1</source>
        <translation>评分方案 %1</translation>
    </message>
</context>
<context>
    <name>TierText</name>
    <message>
        <source>permanent</source>
        <translation>永久</translation>
    </message>
    <message>
        <source>active</source>
        <translation>活跃</translation>
    </message>
    <message>
        <source>fading</source>
        <translation>衰退</translation>
    </message>
    <message>
        <source>weak</source>
        <translation>微弱</translation>
    </message>
    <message>
        <source>forgotten</source>
        <translation>遗忘</translation>
    </message>
    <message>
        <source>full</source>
        <translation>完整</translation>
    </message>
    <message>
        <source>summary</source>
        <translation>摘要</translation>
    </message>
    <message>
        <source>trace</source>
        <translation>痕迹</translation>
    </message>
    <message>
        <source>archive</source>
        <translation>归档</translation>
    </message>
</context>
<context>
    <name>recollector::ui::AssociationGraphView</name>
    <message>
        <source>Select a memory to see its associations</source>
        <translation>选择一条记忆以查看其关联</translation>
    </message>
    <message>
        <source>Zoom In</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>Zoom Out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Fit to View</source>
        <translation>适应视图</translation>
    </message>
    <message>
        <source>Whole Store Overview</source>
        <translation>整个记忆库概览</translation>
    </message>
    <message>
        <source>Show Activation</source>
        <translation>显示激活</translation>
    </message>
    <message>
        <source>Spreading activation from the centre memory (depth 2)</source>
        <translation>从中心记忆扩散激活（深度 2）</translation>
    </message>
    <message>
        <source>%1 link, weight %2
%3 ↔ %4</source>
        <translation>%1 关联，权重 %2
%3 ↔ %4</translation>
    </message>
    <message>
        <source>Laying out the whole store…</source>
        <translation>正在布局整个记忆库…</translation>
    </message>
    <message>
        <source>Select in Table</source>
        <translation>在表格中选中</translation>
    </message>
    <message>
        <source>Show Its Associations</source>
        <translation>显示其关联</translation>
    </message>
    <message>
        <source>Link to the Centre Memory</source>
        <translation>关联到中心记忆</translation>
    </message>
    <message>
        <source>a memory no longer in the store</source>
        <translation>一条已不在存储中的记忆</translation>
    </message>
</context>
<context>
    <name>recollector::ui::AttachController</name>
    <message>
        <source>%1: cannot create the folder</source>
        <translation>%1：无法创建文件夹</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ChangeListModel</name>
    <message>
        <source>(no longer in the store)</source>
        <translation>（已不在记忆库中）</translation>
    </message>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ChangePassphraseDialog</name>
    <message>
        <source>Change Passphrase of %1</source>
        <translation>更改 %1 的口令</translation>
    </message>
    <message>
        <source>Every level-3 memory and its history are sealed again with a key made from the new passphrase, all at once. Afterwards only the new passphrase opens them: there is no recovery.</source>
        <translation>所有 3 级记忆及其历史将一次性用新口令生成的密钥重新加密。之后只有新口令能打开它们：无法找回。</translation>
    </message>
    <message>
        <source>Current passphrase</source>
        <translation>当前口令</translation>
    </message>
    <message>
        <source>New passphrase</source>
        <translation>新口令</translation>
    </message>
    <message>
        <source>New, again</source>
        <translation>再次输入新口令</translation>
    </message>
    <message>
        <source>Change Passphrase</source>
        <translation>更改口令</translation>
    </message>
    <message>
        <source>The two new passphrases differ.</source>
        <translation>两次输入的新口令不一致。</translation>
    </message>
    <message>
        <source>The new passphrase is the current one.</source>
        <translation>新口令与当前口令相同。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ChangesDialog</name>
    <message>
        <source>Changes</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>Accept (A)</source>
        <translation>接受 (A)</translation>
    </message>
    <message>
        <source>Seen and fine: the change leaves the list</source>
        <translation>看过了，没问题：该变更离开列表</translation>
    </message>
    <message>
        <source>Reject (R)</source>
        <translation>拒绝 (R)</translation>
    </message>
    <message>
        <source>Take back what the assistant changed, as your own decision (Undo puts it back)</source>
        <translation>作为你自己的决定，撤回助手所做的变更（撤销可以恢复）</translation>
    </message>
    <message>
        <source>Show in Table (Enter)</source>
        <translation>在表格中显示 (Enter)</translation>
    </message>
    <message>
        <source>Mark All Reviewed</source>
        <translation>全部标记为已审阅</translation>
    </message>
    <message>
        <source>Your next review starts from now</source>
        <translation>下一次审阅从现在开始</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>&amp;Since:</source>
        <translation>起始(&amp;S)：</translation>
    </message>
    <message>
        <source>your last review</source>
        <translation>你上次审阅时</translation>
    </message>
    <message>
        <source>a day ago</source>
        <translation>一天前</translation>
    </message>
    <message>
        <source>a week ago</source>
        <translation>一周前</translation>
    </message>
    <message>
        <source>a month ago</source>
        <translation>一个月前</translation>
    </message>
    <message>
        <source>the beginning</source>
        <translation>最初</translation>
    </message>
    <message>
        <source>&amp;By:</source>
        <translation>由(&amp;B)：</translation>
    </message>
    <message>
        <source>anyone</source>
        <translation>任何人</translation>
    </message>
    <message>
        <source>the assistant</source>
        <translation>助手</translation>
    </message>
    <message>
        <source>you</source>
        <translation>你</translation>
    </message>
    <message>
        <source>an import</source>
        <translation>一次导入</translation>
    </message>
    <message>
        <source>Recollector</source>
        <translation>拾忆</translation>
    </message>
    <message>
        <source>&amp;What:</source>
        <translation>内容(&amp;W)：</translation>
    </message>
    <message>
        <source>any change</source>
        <translation>任何变更</translation>
    </message>
    <message>
        <source>&amp;Category:</source>
        <translation>类别(&amp;C)：</translation>
    </message>
    <message>
        <source>&amp;Project:</source>
        <translation>项目(&amp;P)：</translation>
    </message>
    <message>
        <source>Before</source>
        <translation>之前</translation>
    </message>
    <message>
        <source>After</source>
        <translation>之后</translation>
    </message>
    <message>
        <source>all</source>
        <translation>全部</translation>
    </message>
    <message>
        <source>(global)</source>
        <translation>（全局）</translation>
    </message>
    <message>
        <source>your last review (%1)</source>
        <translation>你上次审阅时（%1）</translation>
    </message>
    <message>
        <source>your last review (none yet)</source>
        <translation>你上次审阅时（尚无）</translation>
    </message>
    <message>
        <source>(it did not exist)</source>
        <translation>（当时还不存在）</translation>
    </message>
    <message>
        <source>It is deleted now.</source>
        <translation>它现在已被删除。</translation>
    </message>
    <message>
        <source>The assistant changed its own file, and what it held before is not known.</source>
        <translation>助手修改了它自己的文件，之前的内容无从得知。</translation>
    </message>
    <message>
        <source>Nothing here was changed by the assistant: Reject does not apply.</source>
        <translation>这里没有助手所做的变更：“拒绝”不适用。</translation>
    </message>
    <message>
        <source>%1: %2 → %3</source>
        <translation>%1：%2 → %3</translation>
    </message>
    <message>
        <source>The assistant changed its own file there, and what it held before is not known: edit the memory to change it back.</source>
        <translation>助手在那里修改了它自己的文件，之前的内容无从得知：请编辑这条记忆把它改回来。</translation>
    </message>
    <message>
        <source>Nothing selected was changed by the assistant: there is nothing to reject.</source>
        <translation>所选内容都不是助手改的：没有可拒绝的。</translation>
    </message>
    <message>
        <source>Mark changes reviewed</source>
        <translation>将变更标记为已审阅</translation>
    </message>
    <message>
        <source>Reviewed: the next review starts from here</source>
        <translation>已审阅：下一次审阅从这里开始</translation>
    </message>
    <message>
        <source>(it does not exist yet)</source>
        <translation>（尚不存在）</translation>
    </message>
    <message>
        <source>(forgotten)</source>
        <translation>（已忘掉）</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ChangesInbox</name>
    <message>
        <source>C&amp;hanges…</source>
        <translation>变更(&amp;H)…</translation>
    </message>
    <message>
        <source>What changed since your last review, by the assistant, imports and you: accept or reject each</source>
        <translation>自你上次审阅以来，助手、导入和你所做的变更：逐项接受或拒绝</translation>
    </message>
    <message>
        <source>Open the list of changes</source>
        <translation>打开变更列表</translation>
    </message>
    <message>
        <source>More than %1 changes not reviewed yet</source>
        <translation>超过 %1 项变更尚未审阅</translation>
    </message>
    <message>
        <source>&amp;Approve the Assistant&apos;s Changes First</source>
        <translation>先批准助手的变更(&amp;A)</translation>
    </message>
    <message>
        <source>What the assistant adds, forgets or reinforces waits in Changes until you accept it; until then it is not recalled nor written to its files</source>
        <translation>助手添加、忘掉或强化的内容会在“变更”中等待你接受；在此之前不会被回忆，也不会写入它的文件</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
</context>
<context>
    <name>recollector::ui::CleanupPlanModel</name>
    <message>
        <source>Archive</source>
        <translation>归档</translation>
    </message>
    <message>
        <source>Compress</source>
        <translation>压缩</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Purge</source>
        <translation>清除</translation>
    </message>
    <message>
        <source>Untick to leave this memory out of the cleanup</source>
        <translation>取消勾选以将此记忆排除在清理之外</translation>
    </message>
    <message>
        <source>Action</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
</context>
<context>
    <name>recollector::ui::CleanupPreviewDialog</name>
    <message>
        <source>Cleanup Preview</source>
        <translation>清理预览</translation>
    </message>
    <message>
        <source>Planning the cleanup…</source>
        <translation>正在规划清理…</translation>
    </message>
    <message>
        <source>&amp;Apply Cleanup</source>
        <translation>应用清理(&amp;A)</translation>
    </message>
    <message numerus="yes">
        <source>&amp;Apply %n Actions</source>
        <translation>
            <numerusform>应用 %n 项操作(&amp;A)</numerusform>
        </translation>
    </message>
    <message>
        <source>Budgets: active episodes ≤ %1 · compressed episodes ≤ %2 · semantic rules ≤ %3 (over budget, the lowest scores go first) · soft-deleted memories purged after %4 days. Permanent memories and sensitivity ≥ 2 are never cleaned up automatically.</source>
        <translation>预算：活跃经历 ≤ %1 · 已压缩经历 ≤ %2 · 语义规则 ≤ %3（超出预算时先处理得分最低的）· 软删除的记忆 %4 天后清除。永久记忆和敏感度 ≥ 2 的记忆从不自动清理。</translation>
    </message>
    <message>
        <source>No store is open.</source>
        <translation>没有打开的记忆库。</translation>
    </message>
    <message>
        <source>Scoring every memory under the %1 profile…</source>
        <translation>正在按“%1”方案为每条记忆评分…</translation>
    </message>
    <message>
        <source>Planning cancelled; nothing was written.</source>
        <translation>规划已取消；未写入任何内容。</translation>
    </message>
    <message>
        <source>No cleanup plan</source>
        <translation>没有清理计划</translation>
    </message>
    <message>
        <source>Nothing to clean up under the %1 profile at %2.</source>
        <translation>在“%1”方案下于 %2 没有需要清理的内容。</translation>
    </message>
    <message numerus="yes">
        <source>%n planned actions under the %1 profile at %2</source>
        <translation>
            <numerusform>“%1”方案下于 %2 计划了 %n 项操作</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing is written until you apply; the whole cleanup is one undoable step. Deletions are left out until you tick them; untick any other row to leave that memory out.</source>
        <translation>应用之前不会写入任何内容；整个清理是可撤销的一步。删除项要勾选后才会执行；取消勾选其他行即可排除该记忆。</translation>
    </message>
    <message numerus="yes">
        <source>Applying %n actions…</source>
        <translation>
            <numerusform>正在应用 %n 项操作…</numerusform>
        </translation>
    </message>
    <message>
        <source>Cleanup cancelled; nothing was written.</source>
        <translation>清理已取消；未写入任何内容。</translation>
    </message>
    <message>
        <source>Applied %1 of %2 actions.</source>
        <translation>已应用 %1 / %2 项操作。</translation>
    </message>
    <message>
        <source>The others were skipped: those memories changed since the plan.</source>
        <translation>其余的已跳过：这些记忆在规划后发生了变化。</translation>
    </message>
    <message>
        <source>Edit ▸ Undo reverts the whole cleanup.</source>
        <translation>“编辑 ▸ 撤销”可撤回整个清理。</translation>
    </message>
    <message numerus="yes">
        <source>Clean up %n memories</source>
        <translation>
            <numerusform>清理 %n 条记忆</numerusform>
        </translation>
    </message>
    <message>
        <source>unknown scoring profile: %1</source>
        <translation>未知的评分方案：%1</translation>
    </message>
</context>
<context>
    <name>recollector::ui::CleanupScheduler</name>
    <message>
        <source>Scheduled cleanup: %1</source>
        <translation>定时清理：%1</translation>
    </message>
    <message>
        <source>Automatic cleanup of 1 memory</source>
        <translation>自动清理 1 条记忆</translation>
    </message>
    <message>
        <source>Automatic cleanup of %1 memories</source>
        <translation>自动清理 %1 条记忆</translation>
    </message>
    <message>
        <source>Automatic cleanup applied to %1 %2 (Edit → Undo takes it back).</source>
        <translation>已自动清理 %1 %2（“编辑 → 撤销”可撤回）。</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>条记忆</translation>
    </message>
    <message>
        <source>memories</source>
        <translation>条记忆</translation>
    </message>
    <message>
        <source>unknown scoring profile: %1</source>
        <translation>未知的评分方案：%1</translation>
    </message>
    <message>
        <source>scheduled cleanup stopped; nothing was written</source>
        <translation>定时清理已停止；未写入任何内容</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ConflictDetectionJob</name>
    <message>
        <source>Reading the keywords…</source>
        <translation>正在读取关键词…</translation>
    </message>
    <message>
        <source>Comparing memories…</source>
        <translation>正在比较记忆…</translation>
    </message>
    <message numerus="yes">
        <source>Recording %n conflicts…</source>
        <translation>
            <numerusform>正在记录 %n 个冲突…</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>recollector::ui::ConflictDialog</name>
    <message>
        <source>Conflict #%1</source>
        <translation>冲突 #%1</translation>
    </message>
    <message>
        <source>Why: %1</source>
        <translation>原因：%1</translation>
    </message>
    <message>
        <source>Resolution</source>
        <translation>解决方式</translation>
    </message>
    <message>
        <source>&amp;Strategy:</source>
        <translation>策略(&amp;S)：</translation>
    </message>
    <message>
        <source>The merged memory&apos;s text</source>
        <translation>合并后记忆的文本</translation>
    </message>
    <message>
        <source>&amp;Resolve</source>
        <translation>解决(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Not a Conflict</source>
        <translation>不是冲突(&amp;N)</translation>
    </message>
    <message>
        <source>Dismiss: these two memories do not contradict each other (undoable)</source>
        <translation>忽略：这两条记忆并不矛盾（可撤销）</translation>
    </message>
    <message>
        <source>No store is open.</source>
        <translation>没有打开的记忆库。</translation>
    </message>
    <message>
        <source>Conflict #%1 cannot be read</source>
        <translation>无法读取冲突 #%1</translation>
    </message>
    <message>
        <source>Conflict #%1 · %2</source>
        <translation>冲突 #%1 · %2</translation>
    </message>
    <message>
        <source>A memory of this conflict is gone: %1</source>
        <translation>此冲突中的一条记忆已不存在：%1</translation>
    </message>
    <message>
        <source>older</source>
        <translation>较旧</translation>
    </message>
    <message>
        <source>newer</source>
        <translation>较新</translation>
    </message>
    <message>
        <source>the assistant&apos;s file</source>
        <translation>助手的文件</translation>
    </message>
    <message>
        <source>your delete</source>
        <translation>你的删除</translation>
    </message>
    <message>
        <source>your decision</source>
        <translation>你的决定</translation>
    </message>
    <message>
        <source>Nothing to preview.</source>
        <translation>没有可预览的内容。</translation>
    </message>
    <message>
        <source>Write the merged memory&apos;s text on the left.</source>
        <translation>请在左侧写下合并后记忆的文本。</translation>
    </message>
    <message>
        <source>Resolve conflict</source>
        <translation>解决冲突</translation>
    </message>
    <message>
        <source>Dismiss conflict</source>
        <translation>忽略冲突</translation>
    </message>
    <message>
        <source>Conflict resolution</source>
        <translation>冲突解决</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ConflictListDialog</name>
    <message>
        <source>Conflicts</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>&amp;Show:</source>
        <translation>显示(&amp;S)：</translation>
    </message>
    <message>
        <source>Open conflicts</source>
        <translation>未解决的冲突</translation>
    </message>
    <message>
        <source>All conflicts</source>
        <translation>全部冲突</translation>
    </message>
    <message>
        <source>&amp;Detect now</source>
        <translation>立即检测(&amp;D)</translation>
    </message>
    <message>
        <source>Look for new contradictions in the whole store and record them</source>
        <translation>在整个记忆库中查找新的矛盾并记录</translation>
    </message>
    <message>
        <source>Show &amp;A in table</source>
        <translation>在表格中显示 &amp;A</translation>
    </message>
    <message>
        <source>Show &amp;B in table</source>
        <translation>在表格中显示 &amp;B</translation>
    </message>
    <message>
        <source>&amp;Open…</source>
        <translation>打开(&amp;O)…</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>No store is open.</source>
        <translation>没有打开的记忆库。</translation>
    </message>
    <message numerus="yes">
        <source>%n open conflict</source>
        <translation>
            <numerusform>%n 个未解决的冲突</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n open conflicts</source>
        <translation>
            <numerusform>%n 个未解决的冲突</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conflict, %1 open</source>
        <translation>
            <numerusform>%n 个冲突，%1 个未解决</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n conflicts, %1 open</source>
        <translation>
            <numerusform>%n 个冲突，%1 个未解决</numerusform>
        </translation>
    </message>
    <message>
        <source>Looking for contradictions…</source>
        <translation>正在查找矛盾…</translation>
    </message>
    <message>
        <source>looking for new conflicts…</source>
        <translation>正在查找新冲突…</translation>
    </message>
    <message>
        <source>detection cancelled; nothing was written</source>
        <translation>检测已取消；未写入任何内容</translation>
    </message>
    <message>
        <source>detection failed; nothing was written</source>
        <translation>检测失败；未写入任何内容</translation>
    </message>
    <message>
        <source>Detect conflicts</source>
        <translation>检测冲突</translation>
    </message>
    <message>
        <source>no new conflict found</source>
        <translation>未发现新冲突</translation>
    </message>
    <message numerus="yes">
        <source>%n new conflict(s) found</source>
        <translation>
            <numerusform>发现 %n 个新冲突</numerusform>
        </translation>
    </message>
    <message>
        <source>more remain: detect again</source>
        <translation>还有更多：请再次检测</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ConflictListModel</name>
    <message>
        <source>(gone) %1</source>
        <translation>（已不存在）%1</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Memory A</source>
        <translation>记忆 A</translation>
    </message>
    <message>
        <source>Memory B</source>
        <translation>记忆 B</translation>
    </message>
    <message>
        <source>Detected</source>
        <translation>发现时间</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ConflictMemoryPane</name>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>Reinforced</source>
        <translation>已强化</translation>
    </message>
    <message>
        <source>Scope</source>
        <translation>范围</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>State</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>History</source>
        <translation>历史</translation>
    </message>
    <message>
        <source>Decay curve</source>
        <translation>衰减曲线</translation>
    </message>
    <message>
        <source>Show in table</source>
        <translation>在表格中显示</translation>
    </message>
    <message>
        <source>%1 · %2 · %3</source>
        <translation>%1 · %2 · %3</translation>
    </message>
    <message>
        <source>never</source>
        <translation>从未</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Under the %1 profile, at %2</source>
        <translation>“%1”方案下，%2 时</translation>
    </message>
    <message>
        <source>global</source>
        <translation>全局</translation>
    </message>
    <message>
        <source>project %1</source>
        <translation>项目 %1</translation>
    </message>
    <message>
        <source> · task %1</source>
        <translation> · 任务 %1</translation>
    </message>
    <message>
        <source> · chat %1</source>
        <translation> · 对话 %1</translation>
    </message>
    <message>
        <source>deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>negated</source>
        <translation>已否定</translation>
    </message>
    <message>
        <source>superseded</source>
        <translation>已被取代</translation>
    </message>
    <message>
        <source>merged into %1</source>
        <translation>合并入 %1</translation>
    </message>
    <message>
        <source>permanent</source>
        <translation>永久</translation>
    </message>
    <message>
        <source>verified</source>
        <translation>已核实</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ConnectDialog</name>
    <message>
        <source>Connect to Team Store</source>
        <translation>连接团队记忆库</translation>
    </message>
    <message>
        <source>A team store is kept on a PostgreSQL server, where several people and assistants share one memory. Ask its administrator for these details.</source>
        <translation>团队记忆库保存在 PostgreSQL 服务器上，多个人和多个助手在那里共享同一份记忆。请向它的管理员索取以下信息。</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>Connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>The server did not take this password. Type it again.</source>
        <translation>服务器不接受这个密码。请重新输入。</translation>
    </message>
    <message>
        <source>The server asks for your password.</source>
        <translation>服务器要求输入你的密码。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ContentEditor</name>
    <message>
        <source>Show All</source>
        <translation>显示全部</translation>
    </message>
    <message>
        <source>Put the whole text in the editor to read or edit it (a very long text takes a moment)</source>
        <translation>将全文放入编辑器以阅读或编辑（很长的文本需要一点时间）</translation>
    </message>
    <message>
        <source>A long text: the first %1 of %2 characters, read-only.</source>
        <translation>长文本：共 %2 个字符，显示前 %1 个，只读。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ContentsAsOfControl</name>
    <message>
        <source>Now</source>
        <translation>现在</translation>
    </message>
    <message>
        <source>Show the memories and their texts as they were at this date, rebuilt from their history. Nothing can be changed meanwhile.</source>
        <translation>显示此日期时的记忆及其文字，由历史重建。期间不能做任何更改。</translation>
    </message>
    <message>
        <source>Back to the memories as they are now</source>
        <translation>回到记忆现在的样子</translation>
    </message>
    <message>
        <source>Contents as of:</source>
        <translation>内容日期：</translation>
    </message>
    <message>
        <source>Rebuilding…</source>
        <translation>正在重建…</translation>
    </message>
    <message>
        <source>As of %1</source>
        <translation>截至 %1</translation>
    </message>
</context>
<context>
    <name>recollector::ui::CopyStoreDialog</name>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Copy store</source>
        <translation>复制记忆库</translation>
    </message>
    <message>
        <source>Copies every memory of this team store, with its history, links, contradictions and settings, into a new store file on this computer. The team store is not changed.</source>
        <translation>把这个团队记忆库中的每条记忆，连同其历史、关联、矛盾和设置，复制到这台电脑上的一个新记忆库文件中。团队记忆库不会被改动。</translation>
    </message>
    <message>
        <source>Copies every memory of this store, with its history, links, contradictions and settings, into a team store on a PostgreSQL server, where several people and assistants can share it. The database must exist and be empty; ask its administrator for these details. This store is not changed.</source>
        <translation>把这个记忆库中的每条记忆，连同其历史、关联、矛盾和设置，复制到 PostgreSQL 服务器上的一个团队记忆库中，多个人和多个助手可以在那里共享它。该数据库必须已存在且为空；请向它的管理员索取以下信息。这个记忆库不会被改动。</translation>
    </message>
    <message>
        <source>the new store file</source>
        <translation>新的记忆库文件</translation>
    </message>
    <message>
        <source>C&amp;hoose…</source>
        <translation>选择(&amp;H)…</translation>
    </message>
    <message>
        <source>Copy to a new store file</source>
        <translation>复制到新的记忆库文件</translation>
    </message>
    <message>
        <source>Recollector stores (*.recollector)</source>
        <translation>拾忆记忆库 (*.recollector)</translation>
    </message>
    <message>
        <source>Copying…</source>
        <translation>正在复制…</translation>
    </message>
    <message>
        <source>the team store “%1” on %2</source>
        <translation>%2 上的团队记忆库“%1”</translation>
    </message>
    <message>
        <source>Copied %1 memories, with their history, links, contradictions and settings, to %2.</source>
        <translation>已将 %1 条记忆连同其历史、关联、矛盾和设置复制到 %2。</translation>
    </message>
    <message>
        <source>Stopped; nothing was written.</source>
        <translation>已停止；没有写入任何内容。</translation>
    </message>
    <message>
        <source>The server did not take this password. Type it again.</source>
        <translation>服务器不接受这个密码。请重新输入。</translation>
    </message>
    <message>
        <source>The server asks for your password.</source>
        <translation>服务器要求输入你的密码。</translation>
    </message>
    <message>
        <source>Nothing was copied: %1</source>
        <translation>没有复制任何内容：%1</translation>
    </message>
</context>
<context>
    <name>recollector::ui::DecayChartControls</name>
    <message>
        <source>Time range:</source>
        <translation>时间范围：</translation>
    </message>
    <message>
        <source>Zoomed</source>
        <translation>已缩放</translation>
    </message>
    <message>
        <source>Turn the mouse wheel over the chart to zoom in or out; drag it to move in time.</source>
        <translation>在图表上滚动鼠标滚轮可放大或缩小；拖动可沿时间移动。</translation>
    </message>
    <message>
        <source>Which dates the chart shows. &quot;Whole life&quot; runs from the memory&apos;s creation to when its projection fades below the last tier line.
%1</source>
        <translation>图表显示的日期范围。“整个生命周期”从记忆创建起，直到其预测曲线降到最低层级线以下为止。
%1</translation>
    </message>
    <message>
        <source>Show a longer time (zoom out)
%1</source>
        <translation>显示更长的时间（缩小）
%1</translation>
    </message>
    <message>
        <source>Zoom out</source>
        <translation>缩小</translation>
    </message>
    <message>
        <source>Show a shorter time in more detail (zoom in)
%1</source>
        <translation>更详细地显示更短的时间（放大）
%1</translation>
    </message>
    <message>
        <source>Zoom in</source>
        <translation>放大</translation>
    </message>
    <message>
        <source>● reinforced   ▲ negated   ◆ edited   • recalled</source>
        <translation>● 强化   ▲ 否定   ◆ 编辑   • 召回</translation>
    </message>
    <message>
        <source>Marks on a curve: when the memory was reinforced (used or confirmed), negated (said to be wrong), edited, or recalled by the assistant. Each takes its memory&apos;s colour.</source>
        <translation>曲线上的标记：记忆被强化（被使用或确认）、被否定（被指出有误）、被编辑或被助手召回的时刻。每个标记使用其记忆的颜色。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::DecayChartView</name>
    <message>
        <source>Select a memory to see its decay curve</source>
        <translation>选择一条记忆以查看其衰减曲线</translation>
    </message>
    <message>
        <source>The selected memory is no longer in the store</source>
        <translation>所选记忆已不在记忆库中</translation>
    </message>
    <message>
        <source>Showing %1 of %2 selected memories</source>
        <translation>显示所选 %2 条记忆中的 %1 条</translation>
    </message>
    <message>
        <source>Date (local time)</source>
        <translation>日期（本地时间）</translation>
    </message>
    <message>
        <source>Projection</source>
        <translation>预测</translation>
    </message>
    <message>
        <source>Preview date</source>
        <translation>预览日期</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>现在</translation>
    </message>
    <message>
        <source>preview %1</source>
        <translation>预览 %1</translation>
    </message>
    <message>
        <source>now</source>
        <translation>现在</translation>
    </message>
    <message>
        <source> · projected</source>
        <translation> · 预测</translation>
    </message>
    <message>
        <source>Strength (0–100)</source>
        <translation>强度 (0–100)</translation>
    </message>
    <message>
        <source>Weight W (0.01–2)</source>
        <translation>权重 W (0.01–2)</translation>
    </message>
    <message>
        <source>Importance</source>
        <translation>重要性</translation>
    </message>
    <message>
        <source>Score (0–1)</source>
        <translation>得分 (0–1)</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>No recall seen yet, so no fading to draw</source>
        <translation>尚未见到使用记录，所以不画衰减曲线</translation>
    </message>
</context>
<context>
    <name>recollector::ui::DetailPanel</name>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>0 · normal</source>
        <translation>0 · 普通</translation>
    </message>
    <message>
        <source>1 · normal (flagged)</source>
        <translation>1 · 普通（已标记）</translation>
    </message>
    <message>
        <source>2 · private: never compressed or merged automatically</source>
        <translation>2 · 私密：从不自动压缩或合并</translation>
    </message>
    <message>
        <source>3 · encrypted at rest</source>
        <translation>3 · 静态加密</translation>
    </message>
    <message>
        <source>Select a memory in the table to see all of its fields, edit it, and read its history.</source>
        <translation>在表格中选择一条记忆，即可查看它的所有字段、编辑它并阅读它的历史。</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>还原</translation>
    </message>
    <message>
        <source>Forget the edits and show the stored values again</source>
        <translation>放弃编辑，重新显示已存储的值</translation>
    </message>
    <message>
        <source>Apply</source>
        <translation>应用</translation>
    </message>
    <message>
        <source>Save every edited field as one step you can undo (Enter in a field, Ctrl+Enter in the text)</source>
        <translation>将所有编辑过的字段保存为可撤销的一步（在字段中按 Enter，在文本中按 Ctrl+Enter）</translation>
    </message>
    <message>
        <source>History (newest first)</source>
        <translation>历史（最新在前）</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>comma-separated, e.g. typescript, testing</source>
        <translation>以逗号分隔，例如 typescript, testing</translation>
    </message>
    <message>
        <source>Keywords</source>
        <translation>关键词</translation>
    </message>
    <message>
        <source>What kind of memory this is: each known category decays at its own pace (Settings); an unknown one is scored like a fact</source>
        <translation>这是哪类记忆：每个已知类别按各自的速度衰减（见设置）；未知类别按事实评分</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Created</source>
        <translation>创建时间</translation>
    </message>
    <message>
        <source>Updated</source>
        <translation>更新时间</translation>
    </message>
    <message>
        <source>Scoring</source>
        <translation>评分</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>强度</translation>
    </message>
    <message>
        <source>Tier</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>Stability</source>
        <translation>稳定度</translation>
    </message>
    <message>
        <source>Decay rate</source>
        <translation>衰减率</translation>
    </message>
    <message>
        <source>The importance as stored at the last access or decision; it decays from there (3.0 or more is core and never decays). Edit it, then Apply.</source>
        <translation>上次访问或决定时存储的重要性；之后从该值开始衰减（3.0 及以上为核心，永不衰减）。编辑后点“应用”。</translation>
    </message>
    <message>
        <source>Importance</source>
        <translation>重要性</translation>
    </message>
    <message>
        <source>Stored importance</source>
        <translation>已存储的重要性</translation>
    </message>
    <message>
        <source>Confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>Reinforced / accessed</source>
        <translation>强化 / 访问</translation>
    </message>
    <message>
        <source>Last reinforced</source>
        <translation>上次强化</translation>
    </message>
    <message>
        <source>Last accessed</source>
        <translation>上次访问</translation>
    </message>
    <message>
        <source>Provenance</source>
        <translation>出处</translation>
    </message>
    <message>
        <source>Source</source>
        <translation>来源</translation>
    </message>
    <message>
        <source>empty = global</source>
        <translation>留空 = 全局</translation>
    </message>
    <message>
        <source>Project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Merged from</source>
        <translation>合并自</translation>
    </message>
    <message>
        <source>Merged into</source>
        <translation>合并入</translation>
    </message>
    <message>
        <source>Source ids</source>
        <translation>来源 ID</translation>
    </message>
    <message>
        <source>Original contents</source>
        <translation>原始内容</translation>
    </message>
    <message>
        <source>Corrections</source>
        <translation>纠正</translation>
    </message>
    <message>
        <source>Compressed from</source>
        <translation>压缩自</translation>
    </message>
    <message>
        <source>Supersedes</source>
        <translation>取代</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>Verified</source>
        <translation>已核实</translation>
    </message>
    <message>
        <source>Permanent</source>
        <translation>永久</translation>
    </message>
    <message>
        <source>Negated</source>
        <translation>已否定</translation>
    </message>
    <message>
        <source>Superseded</source>
        <translation>已被取代</translation>
    </message>
    <message>
        <source>Level</source>
        <translation>级别</translation>
    </message>
    <message>
        <source>Compressed</source>
        <translation>已压缩</translation>
    </message>
    <message>
        <source>Unarchive</source>
        <translation>取消归档</translation>
    </message>
    <message>
        <source>Bring it back: full level, the original text of a compression, decay restarted</source>
        <translation>恢复它：完整级别、压缩前的原文、重新开始衰减</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>敏感度</translation>
    </message>
    <message>
        <source>Modalities</source>
        <translation>模态</translation>
    </message>
    <message>
        <source>Deleted</source>
        <translation>已删除</translation>
    </message>
    <message>
        <source>Agent fields</source>
        <translation>智能体字段</translation>
    </message>
    <message>
        <source>Kept verbatim from an agent memory folder and written back unchanged</source>
        <translation>原样保留自智能体记忆文件夹，并原样写回</translation>
    </message>
    <message>
        <source>Importance (1–10)</source>
        <translation>重要性（1–10）</translation>
    </message>
    <message>
        <source>No store is open.</source>
        <translation>没有打开的记忆库。</translation>
    </message>
    <message>
        <source>Memory %1 is no longer in the store.</source>
        <translation>记忆 %1 已不在记忆库中。</translation>
    </message>
    <message>
        <source>%1 (preview)</source>
        <translation>%1（预览）</translation>
    </message>
    <message>
        <source>%1 (stored %2, decayed since the last access)</source>
        <translation>%1（存储值 %2，自上次访问以来已衰减）</translation>
    </message>
    <message>
        <source>The importance after its decay since the last access, as the importance profile scores it now; the box above holds the stored value</source>
        <translation>按重要性方案当前的评分，自上次访问衰减后的重要性；上方输入框中是存储值</translation>
    </message>
    <message numerus="yes">
        <source>%n reinforcement</source>
        <translation>
            <numerusform>强化 %n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n reinforcements</source>
        <translation>
            <numerusform>强化 %n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n access</source>
        <translation>
            <numerusform>访问 %n 次</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n accesses</source>
        <translation>
            <numerusform>访问 %n 次</numerusform>
        </translation>
    </message>
    <message>
        <source>task %1</source>
        <translation>任务 %1</translation>
    </message>
    <message>
        <source>chat %1</source>
        <translation>对话 %1</translation>
    </message>
    <message>
        <source>message %1</source>
        <translation>消息 %1</translation>
    </message>
    <message>
        <source>yes: never decays, never cleaned up</source>
        <translation>是：永不衰减，永不清理</translation>
    </message>
    <message>
        <source>yes, since %1</source>
        <translation>是，自 %1 起</translation>
    </message>
    <message>
        <source>yes: a newer memory replaced it</source>
        <translation>是：已被较新的记忆取代</translation>
    </message>
    <message>
        <source>yes: shortened to a summary; the original text is in the history</source>
        <translation>是：已缩短为摘要；原文在历史中</translation>
    </message>
    <message>
        <source>No other imported fields</source>
        <translation>没有其他导入的字段</translation>
    </message>
    <message>
        <source>Other fields</source>
        <translation>其他字段</translation>
    </message>
    <message>
        <source>text</source>
        <translation>文本</translation>
    </message>
    <message>
        <source>keywords</source>
        <translation>关键词</translation>
    </message>
    <message>
        <source>category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>importance</source>
        <translation>重要性</translation>
    </message>
    <message>
        <source>confidence</source>
        <translation>置信度</translation>
    </message>
    <message>
        <source>project</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>sensitivity</source>
        <translation>敏感度</translation>
    </message>
    <message>
        <source>The text cannot be empty.</source>
        <translation>文本不能为空。</translation>
    </message>
    <message>
        <source>This store is read-only.</source>
        <translation>此记忆库是只读的。</translation>
    </message>
    <message>
        <source>No unsaved changes.</source>
        <translation>没有未保存的更改。</translation>
    </message>
    <message>
        <source>Not saved yet: %1</source>
        <translation>尚未保存：%1</translation>
    </message>
    <message>
        <source>no recall seen yet</source>
        <translation>尚未见到使用记录</translation>
    </message>
    <message>
        <source>Claude Code does not tell Recollector which memories it reads, so this one&apos;s fading would be a guess. With Claude Code&apos;s hooks installed (recollector-cli hook install claude-code), each session that loads it counts as a use.</source>
        <translation>Claude Code 不会告诉拾忆它读了哪些记忆，所以这条记忆的衰减只能是猜测。安装 Claude Code 的钩子（recollector-cli hook install claude-code）后，每个加载它的会话都算一次使用。</translation>
    </message>
    <message>
        <source>%1 of 100</source>
        <translation>%1 / 100</translation>
    </message>
    <message>
        <source>How strong it is now, as the %1 scoring rates it. At its last reinforcement it was saved at %2 of 100 and has faded from there.</source>
        <translation>按 %1 评分方式，它现在的强度。上次强化时保存为 %2 / 100，此后一直在衰减。</translation>
    </message>
    <message>
        <source>loses two thirds of its strength in %1 unused</source>
        <translation>不使用时，%1 内失去三分之二的强度</translation>
    </message>
    <message>
        <source>Stability %1 hours at a decay rate of %2</source>
        <translation>稳定性 %1 小时，衰减率 %2</translation>
    </message>
    <message>
        <source>%1 (fades slower than usual)</source>
        <translation>%1（比通常衰减得慢）</translation>
    </message>
    <message>
        <source>%1 (fades faster than usual)</source>
        <translation>%1（比通常衰减得快）</translation>
    </message>
    <message>
        <source>%1 (usual)</source>
        <translation>%1（通常）</translation>
    </message>
    <message>
        <source>name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>Showing this memory as it was: editing is off.</source>
        <translation>正在显示这条记忆当时的样子：编辑已关闭。</translation>
    </message>
    <message>
        <source>Showing this memory as far as its history tells: a later change did not keep what it said before. Editing is off.</source>
        <translation>按历史所能重建的样子显示这条记忆：之后的更改没有保留它之前的内容。编辑已关闭。</translation>
    </message>
    <message>
        <source>Showing this memory as far as its history tells: it was written without a history, so what it said on that date is not known. Editing is off.</source>
        <translation>按历史所能重建的样子显示这条记忆：它写入时没有历史记录，所以不知道它在那个日期的内容。编辑已关闭。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::DuplicatesDialog</name>
    <message>
        <source>&amp;Merge Group</source>
        <translation>合并本组(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Find Again</source>
        <translation>重新查找(&amp;F)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Duplicates</source>
        <translation>重复记忆</translation>
    </message>
    <message>
        <source>Memories that say the same thing in other words, in groups. Merging a group keeps one memory with the text of its strongest; the others are archived into it. Undo brings them back.</source>
        <translation>用不同说法讲同一件事的记忆，按组列出。合并一组后只保留一条记忆，文字取自组中最强的那条；其余记忆归档到它之中。撤销可以把它们恢复。</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Strength</source>
        <translation>强度</translation>
    </message>
    <message>
        <source>Added</source>
        <translation>添加时间</translation>
    </message>
    <message>
        <source>Last reinforced</source>
        <translation>上次强化</translation>
    </message>
    <message>
        <source>Make one memory of the chosen group, with the text of its strongest memory</source>
        <translation>把所选的一组合并为一条记忆，文字取自组中最强的那条</translation>
    </message>
    <message>
        <source>Looking for duplicates…</source>
        <translation>正在查找重复记忆…</translation>
    </message>
    <message>
        <source>Stopped before the end; the groups found so far are not shown.</source>
        <translation>已在完成前停止；目前找到的组不会显示。</translation>
    </message>
    <message>
        <source>%1 memories: %2</source>
        <translation>%1 条记忆：%2</translation>
    </message>
    <message>
        <source>No memory restates another.</source>
        <translation>没有重复的记忆。</translation>
    </message>
    <message>
        <source>1 group of memories that say the same thing.</source>
        <translation>1 组讲同一件事的记忆。</translation>
    </message>
    <message>
        <source>%1 groups of memories that say the same thing.</source>
        <translation>%1 组讲同一件事的记忆。</translation>
    </message>
    <message>
        <source>Merged into one memory. Undo in the Edit menu brings the group back.</source>
        <translation>已合并为一条记忆。用“编辑”菜单中的撤销可以恢复这一组。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::EditMemoryDialog</name>
    <message>
        <source>Edit memory</source>
        <translation>编辑记忆</translation>
    </message>
    <message>
        <source>comma-separated</source>
        <translation>以逗号分隔</translation>
    </message>
    <message>
        <source>Content</source>
        <translation>内容</translation>
    </message>
    <message>
        <source>Keywords</source>
        <translation>关键词</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ExportDialog</name>
    <message>
        <source>Export Memories</source>
        <translation>导出记忆</translation>
    </message>
    <message>
        <source>What</source>
        <translation>导出内容</translation>
    </message>
    <message>
        <source>All memories in the store (%1, deleted ones included)</source>
        <translation>记忆库中的全部记忆（%1 条，包括已删除的）</translation>
    </message>
    <message>
        <source>The selected memories (%1)</source>
        <translation>所选记忆（%1 条）</translation>
    </message>
    <message>
        <source>The memories the current filter shows (%1)</source>
        <translation>当前筛选显示的记忆（%1 条）</translation>
    </message>
    <message>
        <source>Include the store&apos;s own import events</source>
        <translation>包括记忆库自身的导入事件</translation>
    </message>
    <message>
        <source>Leave them out to compare an export with the set it was imported from</source>
        <translation>不包括它们，便于将导出与当初导入的集合比较</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>导出位置</translation>
    </message>
    <message>
        <source>Recollector memory set, JSON (.json)</source>
        <translation>拾忆记忆集，JSON (.json)</translation>
    </message>
    <message>
        <source>Recollector memory set, YAML (.yaml)</source>
        <translation>拾忆记忆集，YAML (.yaml)</translation>
    </message>
    <message>
        <source>CSV, one row per memory (.csv)</source>
        <translation>CSV，每条记忆一行 (.csv)</translation>
    </message>
    <message>
        <source>Agent memory folder (one &lt;id&gt;.json per memory)</source>
        <translation>智能体记忆文件夹（每条记忆一个 &lt;id&gt;.json）</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Destination:</source>
        <translation>目标：</translation>
    </message>
    <message>
        <source>&amp;Export</source>
        <translation>导出(&amp;E)</translation>
    </message>
    <message>
        <source>Memories with their links, events and conflicts; Recollector and recollector-cli import it back.</source>
        <translation>记忆及其关联、事件和冲突；拾忆和 recollector-cli 都能再导入。</translation>
    </message>
    <message>
        <source>One row per memory, with its score, strength and tier under the %1 profile now.</source>
        <translation>每条记忆一行，包含“%1”方案下当前的得分、强度和层级。</translation>
    </message>
    <message>
        <source>One &lt;id&gt;.json per memory, written atomically; files in the folder that cannot be parsed are left alone. Events and conflicts stay in the store.</source>
        <translation>每条记忆一个 &lt;id&gt;.json，原子写入；文件夹中无法解析的文件保持不动。事件和冲突保留在记忆库中。</translation>
    </message>
    <message>
        <source>Collecting the memories…</source>
        <translation>正在收集记忆…</translation>
    </message>
    <message>
        <source>Export cancelled; nothing was written.</source>
        <translation>导出已取消；未写入任何内容。</translation>
    </message>
    <message>
        <source>Wrote %1 memories, %2 links, %3 events and %4 conflicts to %5.</source>
        <translation>已将 %1 条记忆、%2 个关联、%3 个事件和 %4 个冲突写入 %5。</translation>
    </message>
    <message>
        <source>Wrote %1 memories to %2.</source>
        <translation>已将 %1 条记忆写入 %2。</translation>
    </message>
    <message>
        <source>Left alone (they exist but cannot be parsed):</source>
        <translation>保持不动（存在但无法解析）：</translation>
    </message>
    <message>
        <source>Wrote %1 memories and %2 links to %3 (%4).</source>
        <translation>已将 %1 条记忆和 %2 个关联写入 %3（%4）。</translation>
    </message>
    <message>
        <source>Not written:</source>
        <translation>未写入：</translation>
    </message>
    <message numerus="yes">
        <source>%n sealed memories left out: this format cannot keep them sealed.</source>
        <translation>
            <numerusform>已略去 %n 条加密记忆：此格式无法保持其加密。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>recollector::ui::ExportTargets</name>
    <message>
        <source>Claude Code memory folder</source>
        <translation>Claude Code 记忆文件夹</translation>
    </message>
    <message>
        <source>One Markdown file per memory with its front matter, listed in MEMORY.md; a deleted memory&apos;s file moves to .recollector-trash beside the folder.</source>
        <translation>每条记忆一个带前置元数据的 Markdown 文件，并列在 MEMORY.md 中；已删除记忆的文件移到文件夹旁的 .recollector-trash。</translation>
    </message>
    <message>
        <source>MCP memory server (memory.jsonl)</source>
        <translation>MCP 记忆服务器（memory.jsonl）</translation>
    </message>
    <message>
        <source>The knowledge graph of the reference MCP memory server: each memory an observation of its entity, manual links as relations.</source>
        <translation>参考实现 MCP 记忆服务器的知识图谱：每条记忆是其实体的一条观察，手动关联作为关系。</translation>
    </message>
    <message>
        <source>MCP memory graph (*.jsonl *.json)</source>
        <translation>MCP 记忆图谱 (*.jsonl *.json)</translation>
    </message>
    <message>
        <source>mcp-memory-service export (JSON)</source>
        <translation>mcp-memory-service 导出（JSON）</translation>
    </message>
    <message>
        <source>The JSON document mcp-memory-service imports: every live memory with its tags, type and times.</source>
        <translation>mcp-memory-service 可导入的 JSON 文档：每条未删除的记忆及其标签、类型和时间。</translation>
    </message>
    <message>
        <source>mcp-memory-service export (*.json)</source>
        <translation>mcp-memory-service 导出 (*.json)</translation>
    </message>
    <message>
        <source>Letta agent file (.af): update its memory blocks</source>
        <translation>Letta 智能体文件（.af）：更新其记忆块</translation>
    </message>
    <message>
        <source>Writes each memory&apos;s text back into its block of an existing agent file; every other byte of the file stays as it was.</source>
        <translation>把每条记忆的文本写回现有智能体文件中对应的块；文件的其余字节保持不变。</translation>
    </message>
    <message>
        <source>Letta Agent File (*.af)</source>
        <translation>Letta 智能体文件 (*.af)</translation>
    </message>
</context>
<context>
    <name>recollector::ui::FilterBar</name>
    <message>
        <source>Any</source>
        <translation>任意</translation>
    </message>
    <message>
        <source>Search content and keywords…</source>
        <translation>搜索内容和关键词…</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Tier under the active profile</source>
        <translation>当前评分方案下的层级</translation>
    </message>
    <message>
        <source>Where the memory came from</source>
        <translation>记忆的来源</translation>
    </message>
    <message>
        <source>Project scope</source>
        <translation>项目范围</translation>
    </message>
    <message>
        <source>Query mode: normal hides negated, deleted, archived and forgotten memories; review shows every level; debug shows deleted ones too</source>
        <translation>查询模式：普通模式隐藏已否定、已删除、已归档和已遗忘的记忆；审阅模式显示所有级别；调试模式还显示已删除的记忆</translation>
    </message>
    <message>
        <source>Show: what the assistant recalls</source>
        <translation>显示：助手会召回的</translation>
    </message>
    <message>
        <source>Show: everything (review)</source>
        <translation>显示：全部（审阅）</translation>
    </message>
    <message>
        <source>Show: everything, deleted too (debug)</source>
        <translation>显示：全部，含已删除（调试）</translation>
    </message>
    <message>
        <source>All tiers</source>
        <translation>全部层级</translation>
    </message>
    <message>
        <source>Verified</source>
        <translation>已核实</translation>
    </message>
    <message>
        <source>Verified only</source>
        <translation>仅已核实</translation>
    </message>
    <message>
        <source>Not verified</source>
        <translation>未核实</translation>
    </message>
    <message>
        <source>Negated</source>
        <translation>已否定</translation>
    </message>
    <message>
        <source>Negated only</source>
        <translation>仅已否定</translation>
    </message>
    <message>
        <source>Not negated</source>
        <translation>未否定</translation>
    </message>
    <message>
        <source>Permanent</source>
        <translation>永久</translation>
    </message>
    <message>
        <source>Permanent only</source>
        <translation>仅永久</translation>
    </message>
    <message>
        <source>Not permanent</source>
        <translation>非永久</translation>
    </message>
    <message>
        <source>Sensitivity</source>
        <translation>敏感度</translation>
    </message>
    <message>
        <source>Normal (0–1)</source>
        <translation>普通（0–1）</translation>
    </message>
    <message>
        <source>Private (2–3)</source>
        <translation>私密（2–3）</translation>
    </message>
    <message>
        <source>Encrypted (3)</source>
        <translation>加密（3）</translation>
    </message>
    <message>
        <source>Flags (%1)</source>
        <translation>标记（%1）</translation>
    </message>
    <message>
        <source>Flags</source>
        <translation>标记</translation>
    </message>
    <message>
        <source>Verified, negated, permanent and sensitivity filters</source>
        <translation>已核实、已否定、永久和敏感度筛选</translation>
    </message>
    <message>
        <source>All categories</source>
        <translation>全部类别</translation>
    </message>
    <message>
        <source>All sources</source>
        <translation>全部来源</translation>
    </message>
    <message>
        <source>(global)</source>
        <translation>（全局）</translation>
    </message>
    <message>
        <source>All projects</source>
        <translation>全部项目</translation>
    </message>
    <message numerus="yes">
        <source>%Ln memory</source>
        <translation>
            <numerusform>%Ln 条记忆</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%Ln memories</source>
        <translation>
            <numerusform>%Ln 条记忆</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 of %2</source>
        <translation>%1 / %2</translation>
    </message>
</context>
<context>
    <name>recollector::ui::GraphLegend</name>
    <message>
        <source>activation</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>Tiers</source>
        <translation>层级</translation>
    </message>
    <message>
        <source>Links</source>
        <translation>关联</translation>
    </message>
</context>
<context>
    <name>recollector::ui::HistoryModel</name>
    <message>
        <source>%1 · by %2</source>
        <comment>when · by whom</comment>
        <translation>%1 · 由 %2</translation>
    </message>
    <message>
        <source> · by %1</source>
        <comment>by whom</comment>
        <translation> · 由 %1</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <comment>a team member&apos;s database role, then the kind of decider</comment>
        <translation>%1（%2）</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ImportItemsModel</name>
    <message>
        <source>new</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <source>conflicting</source>
        <translation>有冲突</translation>
    </message>
    <message>
        <source>identical</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>leave (identical)</source>
        <translation>保持不动（相同）</translation>
    </message>
    <message>
        <source>skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>overwrite</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <source>keep both</source>
        <translation>两者都保留</translation>
    </message>
    <message>
        <source>%1 (chosen)</source>
        <translation>%1（单独选择）</translation>
    </message>
    <message>
        <source>Chosen for this memory; the kind&apos;s choice does not apply to it</source>
        <translation>为这条记忆单独选择；该类的选择不适用于它</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Import will</source>
        <translation>导入时将</translation>
    </message>
    <message>
        <source>Id</source>
        <translation>ID</translation>
    </message>
    <message>
        <source>Incoming content</source>
        <translation>导入的内容</translation>
    </message>
    <message>
        <source>Stored content</source>
        <translation>已存储的内容</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ImportPreviewDialog</name>
    <message>
        <source>Import %1</source>
        <translation>导入 %1</translation>
    </message>
    <message>
        <source>Reading %1…</source>
        <translation>正在读取 %1…</translation>
    </message>
    <message>
        <source>Memories</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Conflict</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>Type</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Older</source>
        <translation>较旧</translation>
    </message>
    <message>
        <source>Newer</source>
        <translation>较新</translation>
    </message>
    <message>
        <source>Why</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Open Conflict…</source>
        <translation>打开冲突…</translation>
    </message>
    <message>
        <source>After the import: resolve the selected contradiction in the conflict dialog</source>
        <translation>导入后：在冲突对话框中解决所选矛盾</translation>
    </message>
    <message>
        <source>Contradictions</source>
        <translation>矛盾</translation>
    </message>
    <message>
        <source>Problems</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>&amp;Import</source>
        <translation>导入(&amp;I)</translation>
    </message>
    <message>
        <source>Against the open store</source>
        <translation>与当前记忆库比较</translation>
    </message>
    <message>
        <source>New</source>
        <translation>新增</translation>
    </message>
    <message>
        <source>not in the store: added</source>
        <translation>不在记忆库中：将添加</translation>
    </message>
    <message>
        <source>Changed</source>
        <translation>已更改</translation>
    </message>
    <message>
        <source>a later version of a stored memory</source>
        <translation>已存储记忆的较新版本</translation>
    </message>
    <message>
        <source>Conflicting</source>
        <translation>有冲突</translation>
    </message>
    <message>
        <source>same id, but the stored copy is newer or another memory</source>
        <translation>ID 相同，但存储的副本较新或是另一条记忆</translation>
    </message>
    <message>
        <source>Identical</source>
        <translation>相同</translation>
    </message>
    <message>
        <source>already in the store: left alone</source>
        <translation>已在记忆库中：保持不动</translation>
    </message>
    <message>
        <source>For the selected memories:</source>
        <translation>对所选记忆：</translation>
    </message>
    <message>
        <source>Kind&apos;s Choice</source>
        <translation>按类别选择</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>Overwrite</source>
        <translation>覆盖</translation>
    </message>
    <message>
        <source>Keep Both</source>
        <translation>两者都保留</translation>
    </message>
    <message>
        <source>No store is open.</source>
        <translation>没有打开的记忆库。</translation>
    </message>
    <message>
        <source>Nothing to import from %1</source>
        <translation>%1 中没有可导入的内容</translation>
    </message>
    <message>
        <source>Nothing was written.</source>
        <translation>未写入任何内容。</translation>
    </message>
    <message numerus="yes">
        <source>%1 holds %n memories</source>
        <translation>
            <numerusform>%1 包含 %n 条记忆</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n links</source>
        <translation>
            <numerusform>%n 个关联</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n events</source>
        <translation>
            <numerusform>%n 个事件</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n recorded conflicts</source>
        <translation>
            <numerusform>%n 个已记录的冲突</numerusform>
        </translation>
    </message>
    <message>
        <source>too many memories to check for contradictions now: the detection is queued and runs in the background after the import</source>
        <translation>记忆太多，现在无法检查矛盾：检测已排队，将在导入后在后台运行</translation>
    </message>
    <message>
        <source>contradiction detection skipped (it failed)</source>
        <translation>已跳过矛盾检测（检测失败）</translation>
    </message>
    <message numerus="yes">
        <source>%n contradictions detected</source>
        <translation>
            <numerusform>检测到 %n 个矛盾</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n parts skipped (see Problems)</source>
        <translation>
            <numerusform>跳过了 %n 个部分（见“问题”）</numerusform>
        </translation>
    </message>
    <message>
        <source>In the set: %1.</source>
        <translation>集合中：%1。</translation>
    </message>
    <message>
        <source>Memories (%1)</source>
        <translation>记忆（%1）</translation>
    </message>
    <message>
        <source>Values guessed while migrating (%1):</source>
        <translation>迁移时推测的值（%1）：</translation>
    </message>
    <message>
        <source>  … and %1 more</source>
        <translation>  … 另有 %1 项</translation>
    </message>
    <message>
        <source>How the file&apos;s fields were mapped:</source>
        <translation>文件字段的映射方式：</translation>
    </message>
    <message>
        <source>Every part of the source could be read.</source>
        <translation>源中的每个部分都能读取。</translation>
    </message>
    <message>
        <source>Problems (%1)</source>
        <translation>问题（%1）</translation>
    </message>
    <message>
        <source>not yet recorded</source>
        <translation>尚未记录</translation>
    </message>
    <message>
        <source>Contradictions (%1)</source>
        <translation>矛盾（%1）</translation>
    </message>
    <message>
        <source>On import: %1 added (%2 as copies), %3 overwritten, %4 skipped.</source>
        <translation>导入时：添加 %1 条（其中 %2 条作为副本），覆盖 %3 条，跳过 %4 条。</translation>
    </message>
    <message numerus="yes">
        <source>%n chosen one by one.</source>
        <translation>
            <numerusform>%n 条单独选择。</numerusform>
        </translation>
    </message>
    <message>
        <source>Nothing is written until you press Import; it is one transaction.</source>
        <translation>按下“导入”之前不会写入任何内容；导入是一个事务。</translation>
    </message>
    <message>
        <source>Importing in one transaction: Cancel leaves the store exactly as it was.</source>
        <translation>正在以一个事务导入：取消会让记忆库完全保持原样。</translation>
    </message>
    <message>
        <source>Importing…</source>
        <translation>正在导入…</translation>
    </message>
    <message>
        <source>Import cancelled; nothing was written.</source>
        <translation>导入已取消；未写入任何内容。</translation>
    </message>
    <message>
        <source>Imported %1: %2 added (%3 as copies), %4 overwritten, %5 skipped; %6 links, %7 events, %8 contradictions recorded.</source>
        <translation>已导入 %1：添加 %2 条（其中 %3 条作为副本），覆盖 %4 条，跳过 %5 条；记录了 %6 个关联、%7 个事件、%8 个矛盾。</translation>
    </message>
    <message>
        <source>1 said again what a memory already holds: that memory was reinforced instead.</source>
        <translation>1 条重复了已有记忆的内容：改为强化了那条记忆。</translation>
    </message>
    <message>
        <source>%1 said again what memories already hold: those were reinforced instead.</source>
        <translation>%1 条重复了已有记忆的内容：改为强化了那些记忆。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::JobDialog</name>
    <message>
        <source>The work stopped; nothing was written.</source>
        <translation>工作已停止；未写入任何内容。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::JobProgressPanel</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>Stop: nothing is written</source>
        <translation>停止：不会写入任何内容</translation>
    </message>
    <message>
        <source>Cancelling…</source>
        <translation>正在取消…</translation>
    </message>
    <message>
        <source>%v of %m</source>
        <translation>%v / %m</translation>
    </message>
</context>
<context>
    <name>recollector::ui::MainWindow</name>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>Unarchive</source>
        <translation>取消归档</translation>
    </message>
    <message>
        <source>Decay curve</source>
        <translation>衰减曲线</translation>
    </message>
    <message>
        <source>Memories in tier %1 under the active profile (deleted ones left out)</source>
        <translation>当前评分方案下处于“%1”层级的记忆（不含已删除的）</translation>
    </message>
    <message>
        <source>Open the conflicts list</source>
        <translation>打开冲突列表</translation>
    </message>
    <message>
        <source>Store opened read-only</source>
        <translation>记忆库以只读方式打开</translation>
    </message>
    <message>
        <source>Loading the rest of the store…</source>
        <translation>正在加载记忆库的其余部分…</translation>
    </message>
    <message>
        <source>%1 stays open.</source>
        <translation>%1 保持打开。</translation>
    </message>
    <message>
        <source>Open another store from the File menu, or the demo store.</source>
        <translation>从“文件”菜单打开另一个记忆库，或打开演示记忆库。</translation>
    </message>
    <message>
        <source>Cannot open store</source>
        <translation>无法打开记忆库</translation>
    </message>
    <message>
        <source>Cannot create the demo store</source>
        <translation>无法创建演示记忆库</translation>
    </message>
    <message>
        <source>No store</source>
        <translation>无记忆库</translation>
    </message>
    <message>
        <source>%1 (attached folder)</source>
        <translation>%1（关联的文件夹）</translation>
    </message>
    <message>
        <source> (read-only)</source>
        <translation>（只读）</translation>
    </message>
    <message>
        <source> — sample data</source>
        <translation> — 示例数据</translation>
    </message>
    <message>
        <source> — preview at %1</source>
        <translation> — 预览 %1</translation>
    </message>
    <message>
        <source>%1 — Recollector</source>
        <translation>%1 — 拾忆</translation>
    </message>
    <message numerus="yes">
        <source>%n open conflict</source>
        <translation>
            <numerusform>%n 个未解决的冲突</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n open conflicts</source>
        <translation>
            <numerusform>%n 个未解决的冲突</numerusform>
        </translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>Negate memory</source>
        <translation>否定记忆</translation>
    </message>
    <message>
        <source>Negate</source>
        <translation>否定</translation>
    </message>
    <message>
        <source>Permanent</source>
        <translation>永久</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Restore</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>Edit memory</source>
        <translation>编辑记忆</translation>
    </message>
    <message>
        <source>Edit</source>
        <translation>编辑</translation>
    </message>
    <message>
        <source>Edit %1</source>
        <translation>编辑 %1</translation>
    </message>
    <message>
        <source>Merge %1 memories</source>
        <translation>合并 %1 条记忆</translation>
    </message>
    <message>
        <source>Content of the merged memory (the originals are kept as its provenance and archived):</source>
        <translation>合并后记忆的内容（原记忆作为其出处保留并归档）：</translation>
    </message>
    <message>
        <source>Merge</source>
        <translation>合并</translation>
    </message>
    <message>
        <source>&amp;File</source>
        <translation>文件(&amp;F)</translation>
    </message>
    <message>
        <source>&amp;Edit</source>
        <translation>编辑(&amp;E)</translation>
    </message>
    <message>
        <source>&amp;Memory</source>
        <translation>记忆(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Store</source>
        <translation>记忆库(&amp;S)</translation>
    </message>
    <message>
        <source>&amp;Review</source>
        <translation>审阅(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;View</source>
        <translation>视图(&amp;V)</translation>
    </message>
    <message>
        <source>&amp;Help</source>
        <translation>帮助(&amp;H)</translation>
    </message>
    <message>
        <source>&amp;New Store…</source>
        <translation>新建记忆库(&amp;N)…</translation>
    </message>
    <message>
        <source>&amp;Open Store…</source>
        <translation>打开记忆库(&amp;O)…</translation>
    </message>
    <message>
        <source>Open &amp;Recent</source>
        <translation>最近打开(&amp;R)</translation>
    </message>
    <message>
        <source>Open &amp;Demo Store</source>
        <translation>打开演示记忆库(&amp;D)</translation>
    </message>
    <message>
        <source>Open Agent &amp;Memory Folder…</source>
        <translation>打开智能体记忆文件夹(&amp;M)…</translation>
    </message>
    <message>
        <source>Open &amp;Claude Code Memory…</source>
        <translation>打开 Claude Code 记忆(&amp;C)…</translation>
    </message>
    <message>
        <source>&amp;Import…</source>
        <translation>导入(&amp;I)…</translation>
    </message>
    <message>
        <source>Import &amp;Agent Memory Folder…</source>
        <translation>导入智能体记忆文件夹(&amp;A)…</translation>
    </message>
    <message>
        <source>&amp;Export…</source>
        <translation>导出(&amp;E)…</translation>
    </message>
    <message>
        <source>&amp;Quit</source>
        <translation>退出(&amp;Q)</translation>
    </message>
    <message>
        <source>&amp;Undo</source>
        <translation>撤销(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Redo</source>
        <translation>重做(&amp;R)</translation>
    </message>
    <message>
        <source>&amp;Copy</source>
        <translation>复制(&amp;C)</translation>
    </message>
    <message>
        <source>Copy the text of the selected memories, one per line</source>
        <translation>复制所选记忆的文本，每条一行</translation>
    </message>
    <message>
        <source>Select &amp;All</source>
        <translation>全选(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Find…</source>
        <translation>查找(&amp;F)…</translation>
    </message>
    <message>
        <source>&amp;Clear Filters</source>
        <translation>清除筛选(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Settings…</source>
        <translation>设置(&amp;S)…</translation>
    </message>
    <message>
        <source>&amp;New…</source>
        <translation>新建(&amp;N)…</translation>
    </message>
    <message>
        <source>Add a memory by hand; its links and contradiction check run at once</source>
        <translation>手动添加一条记忆；立即建立其关联并检查矛盾</translation>
    </message>
    <message>
        <source>&amp;Confirm</source>
        <translation>确认(&amp;C)</translation>
    </message>
    <message>
        <source>Confirm: verified, and reinforced as a manual review</source>
        <translation>确认：已核实，并作为人工审阅进行强化</translation>
    </message>
    <message>
        <source>&amp;Negate…</source>
        <translation>否定(&amp;N)…</translation>
    </message>
    <message>
        <source>Negate: the memory is wrong (optionally say what is true instead)</source>
        <translation>否定：这条记忆是错的（可选填正确的内容）</translation>
    </message>
    <message>
        <source>Mark &amp;Permanent</source>
        <translation>标记为永久(&amp;P)</translation>
    </message>
    <message>
        <source>Permanent memories never decay and are never cleaned up</source>
        <translation>永久记忆从不衰减，也从不被清理</translation>
    </message>
    <message>
        <source>&amp;Unmark Permanent</source>
        <translation>取消永久标记(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Edit…</source>
        <translation>编辑(&amp;E)…</translation>
    </message>
    <message>
        <source>Edit content, keywords and category</source>
        <translation>编辑内容、关键词和类别</translation>
    </message>
    <message>
        <source>&amp;Merge…</source>
        <translation>合并(&amp;M)…</translation>
    </message>
    <message>
        <source>Merge the selected memories into one</source>
        <translation>将所选记忆合并为一条</translation>
    </message>
    <message>
        <source>&amp;Delete</source>
        <translation>删除(&amp;D)</translation>
    </message>
    <message>
        <source>Soft delete (undoable; purged after the retention period)</source>
        <translation>软删除（可撤销；保留期过后清除）</translation>
    </message>
    <message>
        <source>&amp;Restore</source>
        <translation>恢复(&amp;R)</translation>
    </message>
    <message>
        <source>Restore soft-deleted memories</source>
        <translation>恢复已软删除的记忆</translation>
    </message>
    <message>
        <source>Un&amp;archive</source>
        <translation>取消归档(&amp;A)</translation>
    </message>
    <message>
        <source>Bring archived or compressed memories back: full text, decay restarted</source>
        <translation>恢复已归档或已压缩的记忆：全文，重新开始衰减</translation>
    </message>
    <message>
        <source>Rebuild &amp;Links…</source>
        <translation>重建关联(&amp;L)…</translation>
    </message>
    <message>
        <source>Recompute every derived link of the store from the rules</source>
        <translation>按规则重新计算记忆库中所有派生的关联</translation>
    </message>
    <message>
        <source>Scoring &amp;Profile</source>
        <translation>评分方案(&amp;P)</translation>
    </message>
    <message>
        <source>Reset &amp;Columns</source>
        <translation>重置列(&amp;C)</translation>
    </message>
    <message>
        <source>Query &amp;Mode</source>
        <translation>查询模式(&amp;M)</translation>
    </message>
    <message>
        <source>&amp;Normal — what the assistant recalls</source>
        <translation>普通(&amp;N) — 助手会召回的</translation>
    </message>
    <message>
        <source>&amp;Review — every level, negated too</source>
        <translation>审阅(&amp;R) — 所有级别，含已否定</translation>
    </message>
    <message>
        <source>&amp;Debug — deleted memories too</source>
        <translation>调试(&amp;D) — 还包括已删除的记忆</translation>
    </message>
    <message>
        <source>Back to &amp;Now</source>
        <translation>回到现在(&amp;N)</translation>
    </message>
    <message>
        <source>Decisions</source>
        <translation>决定</translation>
    </message>
    <message>
        <source> View scores as </source>
        <translation> 得分显示方式 </translation>
    </message>
    <message>
        <source>Score the table, the panel and the charts under another profile, to compare. This changes only the view: what the assistant recalls follows the store&apos;s profile (Store → Scoring Profile).</source>
        <translation>在另一种评分方案下为表格、面板和图表评分，以便比较。这只改变显示：助手召回什么取决于记忆库的评分方案（记忆库 → 评分方案）。</translation>
    </message>
    <message>
        <source>View scores as</source>
        <translation>得分显示方式</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>New store</source>
        <translation>新建记忆库</translation>
    </message>
    <message>
        <source>Recollector stores (*.recollector)</source>
        <translation>拾忆记忆库 (*.recollector)</translation>
    </message>
    <message>
        <source>%1 already exists; open it instead.</source>
        <translation>%1 已存在；请直接打开它。</translation>
    </message>
    <message>
        <source>Open store</source>
        <translation>打开记忆库</translation>
    </message>
    <message>
        <source>Stores (*.recollector *.engram);;All files (*)</source>
        <translation>记忆库 (*.recollector *.engram);;所有文件 (*)</translation>
    </message>
    <message>
        <source>an agent memory folder</source>
        <translation>一个智能体记忆文件夹</translation>
    </message>
    <message>
        <source>a Claude Code memory folder</source>
        <translation>一个 Claude Code 记忆文件夹</translation>
    </message>
    <message>
        <source>a folder of plain memory files</source>
        <translation>一个纯记忆文件的文件夹</translation>
    </message>
    <message>
        <source>every project&apos;s Claude Code memory</source>
        <translation>所有项目的 Claude Code 记忆</translation>
    </message>
    <message numerus="yes">
        <source>Attached folder: %n problem(s): %1</source>
        <translation>
            <numerusform>关联的文件夹：%n 个问题：%1</numerusform>
        </translation>
    </message>
    <message>
        <source>Cannot open the agent memory folder</source>
        <translation>无法打开智能体记忆文件夹</translation>
    </message>
    <message>
        <source>Attached %1 (%2)</source>
        <translation>已关联 %1（%2）</translation>
    </message>
    <message numerus="yes">
        <source>Attached %1; %n file(s) could not be read: %2</source>
        <translation>
            <numerusform>已关联 %1；%n 个文件无法读取：%2</numerusform>
        </translation>
    </message>
    <message>
        <source>Open an agent memory folder</source>
        <translation>打开智能体记忆文件夹</translation>
    </message>
    <message>
        <source>No Claude Code memory found</source>
        <translation>未找到 Claude Code 记忆</translation>
    </message>
    <message>
        <source>No ~/.claude/projects/&lt;project&gt;/memory/ folder holds a MEMORY.md or memory files.</source>
        <translation>没有任何 ~/.claude/projects/&lt;project&gt;/memory/ 文件夹包含 MEMORY.md 或记忆文件。</translation>
    </message>
    <message numerus="yes">
        <source>All %n projects — %1</source>
        <translation>
            <numerusform>全部 %n 个项目 — %1</numerusform>
        </translation>
    </message>
    <message>
        <source>Open Claude Code Memory</source>
        <translation>打开 Claude Code 记忆</translation>
    </message>
    <message>
        <source>Project:</source>
        <translation>项目：</translation>
    </message>
    <message>
        <source>New memory</source>
        <translation>新记忆</translation>
    </message>
    <message>
        <source>Recollector &amp;User Guide</source>
        <translation>拾忆用户指南(&amp;U)</translation>
    </message>
    <message>
        <source>&amp;Keyboard Shortcuts</source>
        <translation>键盘快捷键(&amp;K)</translation>
    </message>
    <message>
        <source>&amp;About Recollector</source>
        <translation>关于拾忆(&amp;A)</translation>
    </message>
    <message>
        <source>About Recollector</source>
        <translation>关于拾忆</translation>
    </message>
    <message>
        <source>Recollector %1

Inspect and edit an AI assistant&apos;s long-term memory: what it recalls, how strongly, and why.

Qt %2</source>
        <translation>拾忆 %1

查看和编辑 AI 助手的长期记忆：它记得什么、记得多牢、为什么。

Qt %2</translation>
    </message>
    <message>
        <source>Import</source>
        <translation>导入</translation>
    </message>
    <message>
        <source>Open or create a store first, then drop %1 on the window again to import it.</source>
        <translation>请先打开或创建一个记忆库，再把 %1 拖到窗口上导入。</translation>
    </message>
    <message>
        <source>Make the assistant recall (and the cleanup plan) with the %1 profile</source>
        <translation>让助手召回（以及清理计划）使用“%1”方案</translation>
    </message>
    <message>
        <source>Scoring profile</source>
        <translation>评分方案</translation>
    </message>
    <message>
        <source>Make %1 the store&apos;s scoring profile (now %2)?

This changes which memories the assistant recalls and what a cleanup archives. Edit → Undo switches back. To only compare scores, use &quot;View scores as&quot; in the toolbar.</source>
        <translation>将“%1”设为记忆库的评分方案（当前为“%2”）？

这会改变助手召回哪些记忆以及清理归档哪些记忆。“编辑 → 撤销”可切换回来。如果只想比较得分，请使用工具栏中的“得分显示方式”。</translation>
    </message>
    <message>
        <source>%1 (the store&apos;s)</source>
        <translation>%1（记忆库的）</translation>
    </message>
    <message>
        <source>Association graph</source>
        <translation>关联图</translation>
    </message>
    <message>
        <source>Retrieval playground</source>
        <translation>检索试验场</translation>
    </message>
    <message>
        <source>&amp;Conflicts…</source>
        <translation>冲突(&amp;C)…</translation>
    </message>
    <message>
        <source>Contradictory memories: detect them and resolve them side by side</source>
        <translation>相互矛盾的记忆：检测并并排解决</translation>
    </message>
    <message>
        <source>Review &amp;Queue…</source>
        <translation>审阅队列(&amp;Q)…</translation>
    </message>
    <message>
        <source>Work through conflicts, promote and decay reviews and cleanup candidates with the keyboard</source>
        <translation>用键盘处理冲突、提升和衰减审阅以及清理候选</translation>
    </message>
    <message>
        <source>Clean &amp;Up…</source>
        <translation>清理(&amp;U)…</translation>
    </message>
    <message>
        <source>Preview what cleanup would archive, compress, delete and purge, then apply</source>
        <translation>预览清理将归档、压缩、删除和清除的内容，然后应用</translation>
    </message>
    <message>
        <source>The scheduled cleanup is due: its candidates wait in the review queue</source>
        <translation>定时清理已到期：其候选在审阅队列中等待</translation>
    </message>
    <message>
        <source>Cleanup due: 1 candidate to review</source>
        <translation>清理到期：1 个候选待审阅</translation>
    </message>
    <message>
        <source>Cleanup due: %1 candidates to review</source>
        <translation>清理到期：%1 个候选待审阅</translation>
    </message>
    <message>
        <source>Looking for contradictions an import left to check…</source>
        <translation>正在查找导入后留待检查的矛盾…</translation>
    </message>
    <message>
        <source>%1 is not in the table under the current filter or query mode</source>
        <translation>在当前筛选或查询模式下，%1 不在表格中</translation>
    </message>
    <message>
        <source>Conflicts</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>Conflict</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>Review queue</source>
        <translation>审阅队列</translation>
    </message>
    <message>
        <source>Cleanup applied (Edit → Undo takes it back)</source>
        <translation>清理已应用（“编辑 → 撤销”可撤回）</translation>
    </message>
    <message>
        <source>Import memories</source>
        <translation>导入记忆</translation>
    </message>
    <message>
        <source>Memories (*.json *.yaml *.yml *.af *.jsonl *.zip *.db);;All files (*)</source>
        <translation>记忆 (*.json *.yaml *.yml *.af *.jsonl *.zip *.db);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Import an agent memory folder</source>
        <translation>导入智能体记忆文件夹</translation>
    </message>
    <message>
        <source>Exported %1 memories to %2</source>
        <translation>已将 %1 条记忆导出到 %2</translation>
    </message>
    <message>
        <source>Undo</source>
        <translation>撤销</translation>
    </message>
    <message>
        <source>Redo</source>
        <translation>重做</translation>
    </message>
    <message>
        <source>Undo %1</source>
        <translation>撤销 %1</translation>
    </message>
    <message>
        <source>Redo %1</source>
        <translation>重做 %1</translation>
    </message>
    <message>
        <source>Imported %1 (Edit → Undo takes it back)</source>
        <translation>已导入 %1（编辑 → 撤销可将其撤回）</translation>
    </message>
    <message>
        <source>Undo import</source>
        <translation>撤销导入</translation>
    </message>
    <message>
        <source>This store was kept by Engram, Recollector&apos;s earlier name; it stays where it is.</source>
        <translation>这个记忆库由 Engram（拾忆以前的名字）保存；它留在原处。</translation>
    </message>
    <message>
        <source>Changes not applied</source>
        <translation>有未应用的修改</translation>
    </message>
    <message>
        <source>The memory shown has changes that are not applied yet (%1). Apply them before going on?</source>
        <translation>当前记忆有尚未应用的修改（%1）。继续之前要应用吗？</translation>
    </message>
    <message>
        <source>“%1” is wrong. Optionally, what is true instead (a new memory that replaces it; Ctrl+Enter to negate):</source>
        <translation>“%1”是错的。可以写下正确的内容（会成为取代它的新记忆；按 Ctrl+Enter 否定）：</translation>
    </message>
    <message>
        <source>%1 — attached folder</source>
        <translation>%1 — 关联的文件夹</translation>
    </message>
    <message numerus="yes">
        <source>%1 left the folder, so the assistant no longer reads it; Undo brings it back</source>
        <translation>
            <numerusform>%1 已移出文件夹，助手不会再读到它；撤销可以把它放回来</numerusform>
        </translation>
    </message>
    <message>
        <source>That memory</source>
        <translation>该记忆</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>&amp;Duplicates…</source>
        <translation>重复记忆(&amp;D)…</translation>
    </message>
    <message>
        <source>Memories that say the same thing in other words: merge each group into one</source>
        <translation>用不同说法讲同一件事的记忆：把每组合并为一条</translation>
    </message>
    <message>
        <source> — as it was on %1</source>
        <translation> — %1 时的样子</translation>
    </message>
    <message>
        <source>Dates</source>
        <translation>日期</translation>
    </message>
    <message>
        <source>Connected to the team store again; its changes since are shown</source>
        <translation>已重新连接到团队记忆库；已显示此后的更改</translation>
    </message>
    <message>
        <source>Lost the connection to the team store; reconnecting…</source>
        <translation>与团队记忆库的连接已断开；正在重新连接…</translation>
    </message>
    <message>
        <source>Connect to &amp;Team Store…</source>
        <translation>连接团队记忆库(&amp;T)…</translation>
    </message>
    <message>
        <source>Cop&amp;y Store…</source>
        <translation>复制记忆库(&amp;Y)…</translation>
    </message>
    <message>
        <source>Read-only: you can look, not change</source>
        <translation>只读：可以查看，不能更改</translation>
    </message>
</context>
<context>
    <name>recollector::ui::MemoryTableView</name>
    <message>
        <source>This store holds no memories yet.
Add one with Memory ▸ New… (Ctrl+N), or import a memory file with File ▸ Import….</source>
        <translation>此记忆库还没有记忆。
可通过“记忆 ▸ 新建…”（Ctrl+N）添加，或通过“文件 ▸ 导入…”导入记忆文件。</translation>
    </message>
    <message numerus="yes">
        <source>No memory matches the search and filters.
Clear the search box, choose &quot;All …&quot; in the filter bar, or show everything (review) to see the %n memories of this store.</source>
        <translation>
            <numerusform>没有记忆符合搜索和筛选条件。
清空搜索框，在筛选栏中选择“全部…”，或显示全部（审阅）以查看此记忆库的 %n 条记忆。</numerusform>
        </translation>
    </message>
    <message>
        <source>Reset columns</source>
        <translation>重置列</translation>
    </message>
</context>
<context>
    <name>recollector::ui::NewMemoryDialog</name>
    <message>
        <source>New memory</source>
        <translation>新记忆</translation>
    </message>
    <message>
        <source>What should be remembered, in one or two sentences</source>
        <translation>要记住什么，用一两句话说明</translation>
    </message>
    <message>
        <source>comma-separated; empty: taken from the text</source>
        <translation>以逗号分隔；留空：从文本中提取</translation>
    </message>
    <message>
        <source>empty: global</source>
        <translation>留空：全局</translation>
    </message>
    <message>
        <source>1 is ordinary; 3 and above is core and never cleaned up</source>
        <translation>1 为普通；3 及以上为核心，从不清理</translation>
    </message>
    <message>
        <source>&amp;Content</source>
        <translation>内容(&amp;C)</translation>
    </message>
    <message>
        <source>&amp;Keywords</source>
        <translation>关键词(&amp;K)</translation>
    </message>
    <message>
        <source>C&amp;ategory</source>
        <translation>类别(&amp;A)</translation>
    </message>
    <message>
        <source>&amp;Project</source>
        <translation>项目(&amp;P)</translation>
    </message>
    <message>
        <source>&amp;Importance</source>
        <translation>重要性(&amp;I)</translation>
    </message>
    <message>
        <source>from the text: %1</source>
        <translation>从文本提取：%1</translation>
    </message>
</context>
<context>
    <name>recollector::ui::PassphraseDialog</name>
    <message>
        <source>Unlock %1</source>
        <translation>解锁 %1</translation>
    </message>
    <message>
        <source>New Passphrase for %1</source>
        <translation>为 %1 设置新口令</translation>
    </message>
    <message>
        <source>Level-3 memories are encrypted. Enter the store&apos;s passphrase to read them in this session.</source>
        <translation>3 级记忆已加密。输入记忆库的口令即可在本次会话中读取。</translation>
    </message>
    <message>
        <source>Level-3 memories are encrypted with a key made from this passphrase. Without it their text cannot be read again: there is no recovery.</source>
        <translation>3 级记忆用此口令生成的密钥加密。没有口令，它们的文本将无法再读取：无法找回。</translation>
    </message>
    <message>
        <source>Passphrase</source>
        <translation>口令</translation>
    </message>
    <message>
        <source>Again</source>
        <translation>再次输入</translation>
    </message>
    <message>
        <source>Unlock</source>
        <translation>解锁</translation>
    </message>
    <message>
        <source>Set Passphrase</source>
        <translation>设置口令</translation>
    </message>
    <message>
        <source>The two passphrases differ.</source>
        <translation>两次输入的口令不一致。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::PastContentsBanner</name>
    <message>
        <source>Back to Now</source>
        <translation>回到现在</translation>
    </message>
    <message>
        <source>Rebuilding the memories as they were on %1 from their history…</source>
        <translation>正在根据历史重建 %1 时的记忆…</translation>
    </message>
    <message>
        <source>Showing the memories as they were on %1; editing is off.</source>
        <translation>正在显示 %1 时的记忆；编辑已关闭。</translation>
    </message>
    <message numerus="yes">
        <source>%n memories could not be rebuilt exactly: a later change did not keep what they said before.</source>
        <translation>
            <numerusform>%n 条记忆无法精确重建：之后的更改没有保留它们之前的内容。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n memories were written without a history: they are shown as they are now.</source>
        <translation>
            <numerusform>%n 条记忆写入时没有历史：按现在的样子显示。</numerusform>
        </translation>
    </message>
    <message>
        <source>1 memory could not be rebuilt exactly: a later change did not keep what it said before.</source>
        <translation>1 条记忆无法精确重建：之后的更改没有保留它之前的内容。</translation>
    </message>
    <message>
        <source>1 memory was written without a history: it is shown as it is now.</source>
        <translation>1 条记忆写入时没有历史：按现在的样子显示。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::PreviewDateControl</name>
    <message>
        <source>Previewing %1</source>
        <translation>正在预览 %1</translation>
    </message>
    <message>
        <source>Now</source>
        <translation>现在</translation>
    </message>
    <message>
        <source>Evaluate every score as of this date (preview at date)</source>
        <translation>按此日期计算所有得分（按日期预览）</translation>
    </message>
    <message>
        <source>Back to the live clock</source>
        <translation>回到实时时钟</translation>
    </message>
    <message>
        <source>Scores as of:</source>
        <translation>得分日期：</translation>
    </message>
    <message>
        <source>Every score, tier and curve is computed as of the preview date. Press Now to go back.</source>
        <translation>所有得分、层级和曲线都按预览日期计算。按“现在”返回。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ProposalsPane</name>
    <message>
        <source>When</source>
        <translation>时间</translation>
    </message>
    <message>
        <source>Proposed change</source>
        <translation>提议的变更</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Proposed by the assistant: a new memory</source>
        <translation>助手提议：一条新记忆</translation>
    </message>
    <message>
        <source>Proposed by the assistant: forget it</source>
        <translation>助手提议：忘掉它</translation>
    </message>
    <message>
        <source>Proposed by the assistant: reinforce it</source>
        <translation>助手提议：强化它</translation>
    </message>
    <message>
        <source>Not remembered yet: the assistant does not recall it until you accept it.</source>
        <translation>尚未记住：在你接受之前，助手不会回忆起它。</translation>
    </message>
    <message>
        <source>The memory is gone: accepting this does nothing but say so.</source>
        <translation>这条记忆已不存在：接受它只会提示这一点。</translation>
    </message>
    <message>
        <source>The assistant wants to forget this memory. It stays until you accept.</source>
        <translation>助手想忘掉这条记忆。在你接受之前它会保留。</translation>
    </message>
    <message>
        <source>The assistant used this memory again and wants it to last longer. Nothing changes until you accept.</source>
        <translation>助手再次用到了这条记忆，希望它保留得更久。在你接受之前什么都不会改变。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::QueuedDetectionRunner</name>
    <message>
        <source>Queued contradiction detection cancelled; nothing was written. Review → Conflicts → Detect now runs it.</source>
        <translation>排队的矛盾检测已取消；未写入任何内容。可通过“审阅 → 冲突 → 立即检测”运行。</translation>
    </message>
    <message>
        <source>Queued contradiction detection failed: %1</source>
        <translation>排队的矛盾检测失败：%1</translation>
    </message>
    <message>
        <source>Queued contradiction detection done: 1 new conflict.</source>
        <translation>排队的矛盾检测完成：1 个新冲突。</translation>
    </message>
    <message>
        <source>Queued contradiction detection done: %1 new conflicts.</source>
        <translation>排队的矛盾检测完成：%1 个新冲突。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::RebuildLinksDialog</name>
    <message>
        <source>&amp;Rebuild</source>
        <translation>重建(&amp;R)</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Rebuild links</source>
        <translation>重建关联</translation>
    </message>
    <message>
        <source>Recomputes every derived link (keyword, co-task, temporal, co-project) of the whole store from the rules. Links you drew yourself stay as they are. New and edited memories are linked as they are written; a rebuild is for a store written by older versions or other programs.</source>
        <translation>按规则重新计算整个记忆库的所有派生关联（关键词、同任务、时间、同项目）。你自己建立的关联保持不变。新建和编辑的记忆在写入时即建立关联；重建适用于由旧版本或其他程序写入的记忆库。</translation>
    </message>
    <message>
        <source>Rebuilding links…</source>
        <translation>正在重建关联…</translation>
    </message>
    <message>
        <source>Cancelled; nothing was written.</source>
        <translation>已取消；未写入任何内容。</translation>
    </message>
    <message>
        <source>%1 derived links for %2 memories (%3 links in all).</source>
        <translation>%2 条记忆的 %1 个派生关联（共 %3 个关联）。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::RetrievalExplanation</name>
    <message>
        <source>keyword overlap × 2 + strength / 100 × 0.5 + project bonus + confidence × 0.3</source>
        <translation>关键词重合 × 2 + 强度 / 100 × 0.5 + 项目加分 + 置信度 × 0.3</translation>
    </message>
    <message>
        <source>(keyword score × 0.6 + activation × 0.4) × strength / 100</source>
        <translation>（关键词得分 × 0.6 + 激活 × 0.4）× 强度 / 100</translation>
    </message>
    <message>
        <source>keyword overlap %1 × 2</source>
        <translation>关键词重合 %1 × 2</translation>
    </message>
    <message>
        <source>strength %1 / 100 × 0.5</source>
        <translation>强度 %1 / 100 × 0.5</translation>
    </message>
    <message>
        <source>project bonus (same project)</source>
        <translation>项目加分（同一项目）</translation>
    </message>
    <message>
        <source>project bonus (none)</source>
        <translation>项目加分（无）</translation>
    </message>
    <message>
        <source>confidence %1 × 0.3</source>
        <translation>置信度 %1 × 0.3</translation>
    </message>
    <message>
        <source>= relevance score</source>
        <translation>= 相关性得分</translation>
    </message>
    <message>
        <source>keyword score %1 × 0.6</source>
        <translation>关键词得分 %1 × 0.6</translation>
    </message>
    <message>
        <source>activation %1 × 0.4</source>
        <translation>激活 %1 × 0.4</translation>
    </message>
    <message>
        <source>× strength %1 / 100  (%2 × %3)</source>
        <translation>× 强度 %1 / 100  （%2 × %3）</translation>
    </message>
    <message>
        <source>= associative score</source>
        <translation>= 联想得分</translation>
    </message>
    <message>
        <source>matched word “%1”</source>
        <translation>匹配的词“%1”</translation>
    </message>
    <message>
        <source>text match, against the best match</source>
        <translation>文本匹配（相对最佳匹配）</translation>
    </message>
    <message>
        <source>strength %1 / 100 × 0.1</source>
        <translation>强度 %1 / 100 × 0.1</translation>
    </message>
    <message>
        <source>confidence %1 × 0.05</source>
        <translation>置信度 %1 × 0.05</translation>
    </message>
    <message>
        <source>recency %1 × 0.05</source>
        <translation>新近度 %1 × 0.05</translation>
    </message>
    <message>
        <source>reached from a memory written just before or after it</source>
        <translation>由紧挨其前后写下的记忆带出</translation>
    </message>
    <message>
        <source>reached over the links from a matched memory</source>
        <translation>经关联从匹配的记忆带出</translation>
    </message>
    <message>
        <source>= score</source>
        <translation>= 得分</translation>
    </message>
    <message>
        <source>written on the day the question names</source>
        <translation>写于问题所说的那一天</translation>
    </message>
    <message>
        <source>about the person or thing the question names</source>
        <translation>说的正是问题提到的人或事</translation>
    </message>
    <message>
        <source>text match + named day + named subject + strength / 100 × 0.1 + confidence × 0.05 + project bonus + recency × 0.05 + spread</source>
        <translation>文本匹配 + 所说日期 + 所说对象 + 强度 / 100 × 0.1 + 置信度 × 0.05 + 项目加分 + 新近度 × 0.05 + 扩散</translation>
    </message>
</context>
<context>
    <name>recollector::ui::RetrievalPlayground</name>
    <message>
        <source>Retrieval playground</source>
        <translation>检索试验场</translation>
    </message>
    <message>
        <source>Type what the assistant is asked, e.g. “how do we run the tests”</source>
        <translation>输入助手被问到的问题，例如“我们怎么运行测试”</translation>
    </message>
    <message>
        <source>&amp;Run</source>
        <translation>运行(&amp;R)</translation>
    </message>
    <message>
        <source>Run the query now (it also runs as you type). Nothing is recorded.</source>
        <translation>立即运行查询（输入时也会自动运行）。不会记录任何内容。</translation>
    </message>
    <message>
        <source>Normal</source>
        <translation>普通</translation>
    </message>
    <message>
        <source>What the assistant recalls: full and summary levels, not negated, not deleted, above the profile&apos;s forgotten line</source>
        <translation>助手召回的内容：完整和摘要级别、未否定、未删除、高于方案的遗忘线</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>审阅</translation>
    </message>
    <message>
        <source>Every level, negated memories included; not deleted</source>
        <translation>所有级别，包括已否定的记忆；不含已删除的</translation>
    </message>
    <message>
        <source>Debug</source>
        <translation>调试</translation>
    </message>
    <message>
        <source>Everything, deleted memories too</source>
        <translation>全部，包括已删除的记忆</translation>
    </message>
    <message>
        <source>The project the query is asked from: its memories get +0.3 and win scope conflicts</source>
        <translation>提出查询的项目：其记忆 +0.3，并在范围冲突中优先</translation>
    </message>
    <message>
        <source>Any project</source>
        <translation>任意项目</translation>
    </message>
    <message>
        <source>Most results shown (direct and associative together)</source>
        <translation>最多显示的结果数（直接和联想合计）</translation>
    </message>
    <message>
        <source>Explain all</source>
        <translation>全部说明</translation>
    </message>
    <message>
        <source>Expand every result&apos;s score terms and activation path</source>
        <translation>展开每个结果的得分项和激活路径</translation>
    </message>
    <message>
        <source>#</source>
        <translation>#</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>Recall</source>
        <translation>召回</translation>
    </message>
    <message>
        <source>Activation</source>
        <translation>激活</translation>
    </message>
    <message>
        <source>&amp;Query:</source>
        <translation>查询(&amp;Q)：</translation>
    </message>
    <message>
        <source>&amp;Mode:</source>
        <translation>模式(&amp;M)：</translation>
    </message>
    <message>
        <source>&amp;Project:</source>
        <translation>项目(&amp;P)：</translation>
    </message>
    <message>
        <source>&amp;Limit:</source>
        <translation>上限(&amp;L)：</translation>
    </message>
    <message>
        <source>direct</source>
        <translation>直接</translation>
    </message>
    <message>
        <source>associative · 1 hop</source>
        <translation>联想 · 1 跳</translation>
    </message>
    <message>
        <source>associative · %1 hops</source>
        <translation>联想 · %1 跳</translation>
    </message>
    <message>
        <source>A keyword of the query is one of its keywords</source>
        <translation>查询中的某个关键词是它的关键词之一</translation>
    </message>
    <message>
        <source>Reached by spreading activation from a direct hit</source>
        <translation>由直接命中扩散激活而到达</translation>
    </message>
    <message>
        <source>Seed activation: its relevance ÷ the best relevance</source>
        <translation>初始激活：其相关性 ÷ 最高相关性</translation>
    </message>
    <message>
        <source>Activation spread along the path (× weight × decay per hop)</source>
        <translation>沿路径扩散的激活（每跳 × 权重 × 衰减）</translation>
    </message>
    <message>
        <source>score = %1</source>
        <translation>得分 = %1</translation>
    </message>
    <message>
        <source>activation path: %1</source>
        <translation>激活路径：%1</translation>
    </message>
    <message>
        <source>seed</source>
        <translation>起点</translation>
    </message>
    <message>
        <source>this</source>
        <translation>此条</translation>
    </message>
    <message>
        <source>hop %1</source>
        <translation>第 %1 跳</translation>
    </message>
    <message>
        <source>Retrieval failed: %1</source>
        <translation>检索失败：%1</translation>
    </message>
    <message>
        <source>Open a store to try queries.</source>
        <translation>打开一个记忆库即可试验查询。</translation>
    </message>
    <message>
        <source>Type a query to see what the assistant would recall, and why. Nothing is recorded: no access, no strengthened link.</source>
        <translation>输入查询，查看助手会召回什么以及原因。不会记录任何内容：没有访问，也不会加强关联。</translation>
    </message>
    <message>
        <source>No memory has any word of “%1” as a keyword.</source>
        <translation>没有记忆将“%1”中的任何词作为关键词。</translation>
    </message>
    <message>
        <source>Query keywords: %1.  %2 recalled (%3 direct, %4 associative) in %5 mode under the %6 profile. Preview only: nothing recorded.</source>
        <translation>查询关键词：%1。在%5模式、“%6”方案下召回 %2 条（%3 条直接，%4 条联想）。仅为预览：未记录任何内容。</translation>
    </message>
    <message>
        <source>Query keywords: %1.  Nothing recalled in %2 mode (try review or debug).</source>
        <translation>查询关键词：%1。在%2模式下没有召回任何内容（试试审阅或调试模式）。</translation>
    </message>
    <message>
        <source>normal</source>
        <comment>query mode</comment>
        <translation>普通</translation>
    </message>
    <message>
        <source>review</source>
        <comment>query mode</comment>
        <translation>审阅</translation>
    </message>
    <message>
        <source>debug</source>
        <comment>query mode</comment>
        <translation>调试</translation>
    </message>
    <message>
        <source>It holds a word of the query</source>
        <translation>包含查询中的词</translation>
    </message>
    <message>
        <source>Only common words in “%1”: nothing to look up.</source>
        <translation>“%1”中只有常用词：没有可查找的内容。</translation>
    </message>
    <message>
        <source>As the agent hub recalls: %1</source>
        <translation>按智能体中心自己的召回：%1</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ReviewQueueDialog</name>
    <message>
        <source>Conflict</source>
        <translation>冲突</translation>
    </message>
    <message>
        <source>Promote?</source>
        <translation>提升？</translation>
    </message>
    <message>
        <source>Fading</source>
        <translation>衰退</translation>
    </message>
    <message>
        <source>Cleanup: %1</source>
        <translation>清理：%1</translation>
    </message>
    <message>
        <source>Confirm (C)</source>
        <translation>确认 (C)</translation>
    </message>
    <message>
        <source>Negate (N)</source>
        <translation>否定 (N)</translation>
    </message>
    <message>
        <source>Permanent (P)</source>
        <translation>永久 (P)</translation>
    </message>
    <message>
        <source>Delete (D)</source>
        <translation>删除 (D)</translation>
    </message>
    <message>
        <source>Keep (K)</source>
        <translation>保留 (K)</translation>
    </message>
    <message>
        <source>Promote to core (U)</source>
        <translation>提升为核心 (U)</translation>
    </message>
    <message>
        <source>Apply cleanup (A)</source>
        <translation>应用清理 (A)</translation>
    </message>
    <message>
        <source>Skip (S)</source>
        <translation>跳过 (S)</translation>
    </message>
    <message>
        <source>Open (Enter)</source>
        <translation>打开 (Enter)</translation>
    </message>
    <message>
        <source>Review queue</source>
        <translation>审阅队列</translation>
    </message>
    <message>
        <source>Work through the list with the keyboard; each answer can be undone.</source>
        <translation>用键盘逐项处理列表；每个回答都可撤销。</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Memory</source>
        <translation>记忆</translation>
    </message>
    <message>
        <source>Reason</source>
        <translation>原因</translation>
    </message>
    <message>
        <source>Score</source>
        <translation>得分</translation>
    </message>
    <message>
        <source>Close</source>
        <translation>关闭</translation>
    </message>
    <message>
        <source>Nothing left to review</source>
        <translation>没有需要审阅的内容</translation>
    </message>
    <message numerus="yes">
        <source>%n left</source>
        <translation>
            <numerusform>剩余 %n 项</numerusform>
        </translation>
    </message>
    <message>
        <source>The queue is empty: no open conflict, review or cleanup waits for you.</source>
        <translation>队列为空：没有等待你处理的未解决冲突、审阅或清理。</translation>
    </message>
    <message>
        <source>
Enter opens the conflict to compare both memories and choose a resolution.</source>
        <translation>
按 Enter 打开冲突，比较两条记忆并选择解决方式。</translation>
    </message>
    <message>
        <source>
Memory %1 · Enter shows it in the table.</source>
        <translation>
记忆 %1 · 按 Enter 在表格中显示。</translation>
    </message>
    <message>
        <source>It stays in the queue: %1</source>
        <translation>它仍留在队列中：%1</translation>
    </message>
    <message>
        <source>Edit ▸ Undo takes it back.</source>
        <translation>“编辑 ▸ 撤销”可撤回。</translation>
    </message>
    <message>
        <source>Negate memory</source>
        <translation>否定记忆</translation>
    </message>
    <message>
        <source>The memory is wrong. Optionally, what is true instead (creates a new memory that supersedes it):</source>
        <translation>这条记忆是错的。可以选填正确的内容（将创建一条取代它的新记忆）：</translation>
    </message>
    <message>
        <source>Negated “%1”.</source>
        <translation>已否定“%1”。</translation>
    </message>
    <message>
        <source>Negated “%1”; the correction “%2” supersedes it.</source>
        <translation>已否定“%1”；纠正内容“%2”取代了它。</translation>
    </message>
    <message>
        <source>Confirmed “%1”.</source>
        <translation>已确认“%1”。</translation>
    </message>
    <message>
        <source>Marked “%1” permanent: it never decays.</source>
        <translation>已将“%1”标记为永久：它永不衰减。</translation>
    </message>
    <message>
        <source>Deleted “%1”.</source>
        <translation>已删除“%1”。</translation>
    </message>
    <message>
        <source>Keep memory</source>
        <translation>保留记忆</translation>
    </message>
    <message>
        <source>Kept “%1”: reinforced as a manual review, so no cleanup is planned for it now.</source>
        <translation>已保留“%1”：作为人工审阅进行了强化，因此现在没有为它计划清理。</translation>
    </message>
    <message>
        <source>Kept “%1”.</source>
        <translation>已保留“%1”。</translation>
    </message>
    <message>
        <source>Promoted “%1” to core.</source>
        <translation>已将“%1”提升为核心。</translation>
    </message>
    <message>
        <source>%1: “%2”.</source>
        <translation>%1：“%2”。</translation>
    </message>
    <message>
        <source>The cleanup of %1 is no longer planned.</source>
        <translation>不再计划清理 %1。</translation>
    </message>
    <message>
        <source>a memory no longer in the store</source>
        <translation>一条已不在存储中的记忆</translation>
    </message>
</context>
<context>
    <name>recollector::ui::SealController</name>
    <message>
        <source>&amp;Unlock…</source>
        <translation>解锁(&amp;U)…</translation>
    </message>
    <message>
        <source>Enter the passphrase to read level-3 (encrypted) memories in this session</source>
        <translation>输入口令，在本次会话中读取 3 级（加密）记忆</translation>
    </message>
    <message>
        <source>&amp;Lock</source>
        <translation>锁定(&amp;L)</translation>
    </message>
    <message>
        <source>Forget the passphrase: level-3 memories show &quot;locked&quot; again</source>
        <translation>忘记口令：3 级记忆重新显示为“已锁定”</translation>
    </message>
    <message>
        <source>Change &amp;Passphrase…</source>
        <translation>更改口令(&amp;P)…</translation>
    </message>
    <message>
        <source>Seal every level-3 memory again with a new passphrase</source>
        <translation>用新口令重新加密所有 3 级记忆</translation>
    </message>
    <message>
        <source>&amp;Privacy Mode</source>
        <translation>隐私模式(&amp;P)</translation>
    </message>
    <message>
        <source>Mask the text of sensitivity 2 and 3 memories in every view (for screen sharing)</source>
        <translation>在所有视图中遮盖敏感度为 2 和 3 的记忆的文本（用于屏幕共享）</translation>
    </message>
    <message>
        <source>Privacy mode: sensitive text hidden</source>
        <translation>隐私模式：已隐藏敏感文本</translation>
    </message>
    <message>
        <source>Unlock</source>
        <translation>解锁</translation>
    </message>
    <message>
        <source>This store has no passphrase yet: raising a memory to sensitivity 3 sets one.</source>
        <translation>此记忆库还没有口令：将某条记忆的敏感度提高到 3 时会设置口令。</translation>
    </message>
    <message>
        <source>Change Passphrase</source>
        <translation>更改口令</translation>
    </message>
    <message>
        <source>Sensitivity 3</source>
        <translation>敏感度 3</translation>
    </message>
    <message>
        <source>This store keeps its memories in another program&apos;s plain files, which cannot hold encrypted text. Use sensitivity 2 and View → Privacy Mode instead.</source>
        <translation>此记忆库的记忆保存在另一个程序的纯文本文件中，无法存放加密文本。请改用敏感度 2 和“视图 → 隐私模式”。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ServerAddressForm</name>
    <message>
        <source>(choose a store connected to before)</source>
        <translation>（选择以前连接过的记忆库）</translation>
    </message>
    <message>
        <source>Recent</source>
        <translation>最近</translation>
    </message>
    <message>
        <source>e.g. db.example.org</source>
        <translation>例如 db.example.org</translation>
    </message>
    <message>
        <source>Server</source>
        <translation>服务器</translation>
    </message>
    <message>
        <source>Port</source>
        <translation>端口</translation>
    </message>
    <message>
        <source>Database</source>
        <translation>数据库</translation>
    </message>
    <message>
        <source>your name on the server</source>
        <translation>你在服务器上的名字</translation>
    </message>
    <message>
        <source>User name</source>
        <translation>用户名</translation>
    </message>
    <message>
        <source>Encrypted when the server offers it</source>
        <translation>服务器支持时加密</translation>
    </message>
    <message>
        <source>Always encrypted</source>
        <translation>始终加密</translation>
    </message>
    <message>
        <source>Encrypted, the server&apos;s certificate checked</source>
        <translation>加密，并核对服务器的证书</translation>
    </message>
    <message>
        <source>Encrypted, the server&apos;s certificate and name checked</source>
        <translation>加密，并核对服务器的证书和名称</translation>
    </message>
    <message>
        <source>Not encrypted</source>
        <translation>不加密</translation>
    </message>
    <message>
        <source>Security</source>
        <translation>安全</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
</context>
<context>
    <name>recollector::ui::SettingsDialog</name>
    <message>
        <source>Importance (I)</source>
        <translation>重要性 (I)</translation>
    </message>
    <message>
        <source>Daily decay ×</source>
        <translation>每日衰减 ×</translation>
    </message>
    <message>
        <source>Grace (days)</source>
        <translation>宽限期（天）</translation>
    </message>
    <message>
        <source>Never decays</source>
        <translation>永不衰减</translation>
    </message>
    <message>
        <source>Max age (days)</source>
        <translation>最长保留（天）</translation>
    </message>
    <message>
        <source>Delete below</source>
        <translation>低于此值删除</translation>
    </message>
    <message>
        <source>Decay-rate ×</source>
        <translation>衰减率 ×</translation>
    </message>
    <message>
        <source>Ebbinghaus: decay and tier thresholds</source>
        <translation>艾宾浩斯：衰减和层级阈值</translation>
    </message>
    <message>
        <source>Reinforcement multipliers</source>
        <translation>强化倍数</translation>
    </message>
    <message>
        <source>Conflict detection and automatic handling</source>
        <translation>冲突检测与自动处理</translation>
    </message>
    <message>
        <source>Associations and spreading activation</source>
        <translation>关联与扩散激活</translation>
    </message>
    <message>
        <source>Storage budgets and retention</source>
        <translation>存储预算与保留</translation>
    </message>
    <message>
        <source>Privacy: lock sensitivity 3 after idle minutes (0 = never)</source>
        <translation>隐私：空闲若干分钟后锁定敏感度 3 的记忆（0 = 从不）</translation>
    </message>
    <message>
        <source>Settings — %1</source>
        <translation>设置 — %1</translation>
    </message>
    <message>
        <source>Settings</source>
        <translation>设置</translation>
    </message>
    <message>
        <source>Scoring profiles</source>
        <translation>评分方案</translation>
    </message>
    <message>
        <source>Reinforcement &amp;&amp; budgets</source>
        <translation>强化与预算</translation>
    </message>
    <message>
        <source>Categories</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>Conflicts &amp;&amp; associations</source>
        <translation>冲突与关联</translation>
    </message>
    <message>
        <source>YAML</source>
        <translation>YAML</translation>
    </message>
    <message>
        <source>Reset to defaults</source>
        <translation>恢复默认值</translation>
    </message>
    <message>
        <source>%1
allowed: %2</source>
        <translation>%1
允许的值：%2</translation>
    </message>
    <message>
        <source>Per category: the enhanced profile&apos;s importance I, the importance profile&apos;s daily decay factor after the grace days, whether it never decays, the age after which an episode is deleted (0 = no limit), the importance below which it is deleted (0 = never), and the Ebbinghaus decay-rate factor. Unknown categories use fact&apos;s.</source>
        <translation>按类别设置：增强方案的重要性 I、重要性方案在宽限期后的每日衰减系数、是否永不衰减、经历被删除前的最长保留天数（0 = 不限）、低于多少重要性时删除（0 = 从不），以及艾宾浩斯衰减率系数。未知类别使用“事实”的设置。</translation>
    </message>
    <message>
        <source>Category</source>
        <translation>类别</translation>
    </message>
    <message>
        <source>The whole configuration as YAML (see docs/formats.md, &quot;Configuration (config.yaml)&quot;). Keys left out keep their defaults; every change is checked as you type.</source>
        <translation>完整配置的 YAML 形式（见 docs/formats.md，“Configuration (config.yaml)”）。省略的键保持默认值；每次修改都会在输入时检查。</translation>
    </message>
    <message>
        <source>%1: expected a whole number, not &apos;%2&apos;</source>
        <translation>%1：应为整数，而不是“%2”</translation>
    </message>
    <message>
        <source>%1: expected a number, not &apos;%2&apos;</source>
        <translation>%1：应为数字，而不是“%2”</translation>
    </message>
    <message>
        <source>⚠ %1 — fix it to save.</source>
        <translation>⚠ %1 — 修正后才能保存。</translation>
    </message>
    <message>
        <source>The store is open read-only: settings cannot be saved.</source>
        <translation>记忆库以只读方式打开：无法保存设置。</translation>
    </message>
    <message>
        <source>No store is open: settings are saved into a store.</source>
        <translation>没有打开的记忆库：设置保存在记忆库中。</translation>
    </message>
    <message>
        <source>Valid. Save stores these settings in %1 and re-evaluates every score.</source>
        <translation>有效。保存会将这些设置存入 %1，并重新计算所有得分。</translation>
    </message>
    <message>
        <source>These are the store&apos;s current settings.</source>
        <translation>这些是记忆库当前的设置。</translation>
    </message>
    <message>
        <source>Settings not saved</source>
        <translation>设置未保存</translation>
    </message>
    <message>
        <source>Enhanced profile</source>
        <translation>增强评分方式</translation>
    </message>
    <message>
        <source>Importance profile</source>
        <translation>重要性评分方式</translation>
    </message>
    <message>
        <source>Lifecycle profile</source>
        <translation>生命周期评分方式</translation>
    </message>
</context>
<context>
    <name>recollector::ui::ShortcutsDialog</name>
    <message>
        <source>Keyboard Shortcuts</source>
        <translation>键盘快捷键</translation>
    </message>
    <message>
        <source>What</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Keys</source>
        <translation>按键</translation>
    </message>
    <message>
        <source>Where</source>
        <translation>位置</translation>
    </message>
    <message>
        <source>Review queue</source>
        <translation>审阅队列</translation>
    </message>
    <message>
        <source>Confirm</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>Negate (asks what is true instead)</source>
        <translation>否定（询问正确的内容）</translation>
    </message>
    <message>
        <source>Mark permanent</source>
        <translation>标记为永久</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Keep (don&apos;t clean this up)</source>
        <translation>保留（不要清理它）</translation>
    </message>
    <message>
        <source>Promote to core</source>
        <translation>提升为核心</translation>
    </message>
    <message>
        <source>Apply the planned cleanup</source>
        <translation>应用计划的清理</translation>
    </message>
    <message>
        <source>Skip</source>
        <translation>跳过</translation>
    </message>
    <message>
        <source>Open in the main window</source>
        <translation>在主窗口中打开</translation>
    </message>
    <message>
        <source>Enter</source>
        <translation>Enter</translation>
    </message>
    <message>
        <source>Detail panel</source>
        <translation>详情面板</translation>
    </message>
    <message>
        <source>Apply the edited fields</source>
        <translation>应用编辑过的字段</translation>
    </message>
    <message>
        <source>Apply, from the text</source>
        <translation>应用（在文本中）</translation>
    </message>
    <message>
        <source>Changes</source>
        <translation>变更</translation>
    </message>
    <message>
        <source>Accept the selected changes</source>
        <translation>接受所选变更</translation>
    </message>
    <message>
        <source>Reject the selected changes</source>
        <translation>拒绝所选变更</translation>
    </message>
    <message>
        <source>Show the memory in the table</source>
        <translation>在表格中显示这条记忆</translation>
    </message>
</context>
<context>
    <name>recollector::ui::StoreSession</name>
    <message>
        <source>unknown scoring profile: %1</source>
        <translation>未知的评分方案：%1</translation>
    </message>
    <message>
        <source>no store is open</source>
        <translation>没有打开的记忆库</translation>
    </message>
    <message>
        <source>No store is open.</source>
        <translation>没有打开的记忆库。</translation>
    </message>
    <message>
        <source>The assistant&apos;s memory file could not be written, so nothing was changed: %1</source>
        <translation>无法写入助手的记忆文件，因此没有做任何更改：%1</translation>
    </message>
    <message>
        <source>This memory did not exist yet then.</source>
        <translation>这条记忆当时还不存在。</translation>
    </message>
    <message>
        <source>The memories as they were could not be rebuilt: %1</source>
        <translation>无法重建当时的记忆：%1</translation>
    </message>
    <message>
        <source>Showing the memories as they were on %1: go back to now to change them.</source>
        <translation>正在显示 %1 时的记忆：回到现在才能更改。</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <comment>a team store: its database on its server</comment>
        <translation>%2 上的 %1</translation>
    </message>
</context>
<context>
    <name>recollector::ui::TitleEditor</name>
    <message>
        <source>Name and description</source>
        <translation>名称和描述</translation>
    </message>
    <message>
        <source>The assistant&apos;s own title and one-line summary of this memory; Claude Code lists them in its index of memories</source>
        <translation>助手为这条记忆起的标题和一句话摘要；Claude Code 在其记忆索引中列出它们</translation>
    </message>
    <message>
        <source>Name</source>
        <translation>名称</translation>
    </message>
    <message>
        <source>Description</source>
        <translation>描述</translation>
    </message>
    <message>
        <source>The description no longer seems to tell what the text says; Claude Code shows it in its index of memories.</source>
        <translation>描述似乎已不再符合正文；Claude Code 会在记忆索引中显示它。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::UndoReport</name>
    <message>
        <source>Undone: %1. Redo does it again.</source>
        <translation>已撤销：%1。重做可再次执行。</translation>
    </message>
    <message>
        <source>Redone: %1.</source>
        <translation>已重做：%1。</translation>
    </message>
    <message>
        <source>Done: %1. Undo takes it back.</source>
        <translation>已完成：%1。撤销可还原。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::UserGuideDialog</name>
    <message>
        <source>Recollector User Guide</source>
        <translation>拾忆用户指南</translation>
    </message>
    <message>
        <source>The user guide is missing from this build (%1).</source>
        <translation>此版本缺少用户指南（%1）。</translation>
    </message>
    <message>
        <source>“%1” is part of the developer documentation, in the docs folder of Recollector&apos;s source code; it is not included in the program.</source>
        <translation>“%1”属于开发者文档，位于 Recollector 源代码的 docs 文件夹中；程序中不包含它。</translation>
    </message>
</context>
<context>
    <name>recollector::ui::WelcomePage</name>
    <message>
        <source>Welcome to Recollector</source>
        <translation>欢迎使用拾忆</translation>
    </message>
    <message>
        <source>Recollector shows what an AI assistant remembers: how strong each memory is, how it fades, what it is linked to and where memories contradict each other. No store is open yet. Start one of these ways:</source>
        <translation>拾忆展示 AI 助手记住了什么：每条记忆有多牢、如何衰退、与什么关联、哪些记忆相互矛盾。目前还没有打开记忆库。可以从以下方式开始：</translation>
    </message>
    <message>
        <source>Open the demo (sample data)</source>
        <translation>打开演示（示例数据）</translation>
    </message>
    <message>
        <source>About 200 made-up memories of a made-up user, with links and open conflicts, to look around safely. The title bar says &quot;sample data&quot; while it is open.</source>
        <translation>一位虚构用户的约 200 条虚构记忆，带有关联和未解决的冲突，可放心浏览。打开时标题栏会显示“示例数据”。</translation>
    </message>
    <message>
        <source>Import a memory file…</source>
        <translation>导入记忆文件…</translation>
    </message>
    <message>
        <source>A JSON, YAML or CSV memory set, previewed before anything is written, into your own store at %1.</source>
        <translation>JSON、YAML 或 CSV 记忆集，写入前先预览，导入到你自己位于 %1 的记忆库。</translation>
    </message>
    <message>
        <source>Create an empty store</source>
        <translation>创建空记忆库</translation>
    </message>
    <message>
        <source>Your own store at %1, the one recollector-cli uses when no --store is given. Add memories with Memory ▸ New… or import them later.</source>
        <translation>你自己位于 %1 的记忆库，即 recollector-cli 未指定 --store 时使用的记忆库。之后可通过“记忆 ▸ 新建…”添加记忆，或导入记忆。</translation>
    </message>
    <message>
        <source>Open Claude Code memory…</source>
        <translation>打开 Claude Code 记忆…</translation>
    </message>
    <message>
        <source>The memory Claude Code keeps for a project, in place: what you change here reaches Claude Code&apos;s files, and each change can be undone.</source>
        <translation>Claude Code 为某个项目保存的记忆，就地打开：在这里的修改会写回 Claude Code 的文件，每次修改都可以撤销。</translation>
    </message>
    <message>
        <source>Open an agent memory folder…</source>
        <translation>打开智能体记忆文件夹…</translation>
    </message>
    <message>
        <source>A folder of an assistant&apos;s memory files (an agent hub&apos;s JSON files, or plain Markdown notes), opened in place the same way.</source>
        <translation>助手的记忆文件夹（智能体中心的 JSON 文件，或普通 Markdown 笔记），以同样方式就地打开。</translation>
    </message>
</context>
</TS>
