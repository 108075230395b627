// wire-types.js: the shapes of the hub's messages' `data`, states and answers, as JSDoc for the
// pages and vigil.js (`@typedef {import("/wire-types.js").ChatMessage} ChatMessage`). Made from
// the Swift types of Sources/VigilCore/Contract by WireTypesTests (VIGIL_REGENERATE=1 swift test
// --filter WireTypesTests), which fails when this file and those types differ: do not edit it.
// docs/protocol.md says what each field means.

/** @typedef {"room.created"|"room.archived"|"message.posted"|"message.edited"|"message.deleted"|"message.acknowledged"|"urgent.cancelled"|"urgent.repeated"|"read.marked"} ChatEventType */

/** @typedef {"alert.raised"|"alert.acknowledged"|"alert.resolved"|"alert.escalated"|"visit.motion"|"visit.ended"} AlertEventType */

/** @typedef {"camera.topology"|"camera.switched"} CameraEventType */

/** @typedef {"checkpoint.created"|"checkin.recorded"|"checkpoint.assigned"} CheckinEventType */

/** @typedef {"region.created"|"boundary.added"|"event.opened"|"event.closed"|"event.renamed"|"marker.submitted"|"markers.approved"|"markers.rejected"|"markers.removed"} FloodEventType */

/** @typedef {"detections"} DetectionEventType */

/** @typedef {"zone.defined"|"zone.removed"|"zone.detections"|"zone.crossings"} ZoneEventType */

/**
 * @typedef {Object} Alert
 * @property {string} id
 * @property {string} site
 * @property {string} kind
 * @property {number} severity
 * @property {string} message
 * @property {Array<string>} thumbnails
 * @property {"raised"|"acknowledged"|"resolved"} state
 * @property {string} raisedBy
 * @property {number} raisedAt
 * @property {number} escalateAt
 * @property {string} [location]
 * @property {number} [visit]
 * @property {string} [acknowledgedBy]
 * @property {number} [acknowledgedAt]
 * @property {string} [resolvedBy]
 * @property {number} [resolvedAt]
 * @property {string} [note]
 * @property {number} [escalatedAt]
 * @property {string} [room]
 */

/**
 * @typedef {Object} AlertChanged
 * @property {Alert} alert
 */

/**
 * @typedef {Object} AlertCommandDecide
 * @property {string} alert
 * @property {string} [note]
 */

/**
 * @typedef {Object} AlertCommandRaise
 * @property {string} kind
 * @property {number} [severity]
 * @property {string} [message]
 * @property {string} [location]
 * @property {string} [locationName]
 * @property {Array<string>} [thumbnails]
 */

/**
 * @typedef {Object} AlertDecided
 * @property {string} alert
 * @property {string} by
 * @property {number} at
 * @property {string} [note]
 */

/**
 * @typedef {Object} AlertLocation
 * @property {string} id
 * @property {string} name
 * @property {boolean} visited
 * @property {number} [visit]
 * @property {number} [lastMotionAt]
 */

/**
 * @typedef {Object} AlertLocationPage
 * @property {Array<AlertLocation>} locations
 * @property {string} [next]
 */

/**
 * @typedef {Object} AlertVisit
 * @property {number} id
 * @property {string} location
 * @property {number} startedAt
 * @property {Array<string>} snapshots
 * @property {string} [alert]
 * @property {number} [endedAt]
 */

/**
 * @typedef {Object} AlertVisitPage
 * @property {string} location
 * @property {Array<AlertVisit>} visits
 * @property {number} [next]
 */

/**
 * @typedef {Object} AlertsState
 * @property {Array<Alert>} alerts
 * @property {Array<AlertLocation>} [visited]
 */

/**
 * @typedef {Object} Camera
 * @property {string} id
 * @property {string} [name]
 * @property {string} [streamURL]
 * @property {FrameSize} frameSize
 * @property {Point} position
 * @property {number} floor
 * @property {CameraNeighbours} neighbours
 * @property {string} reminderNotice
 * @property {string} animationStyle
 */

/**
 * @typedef {Object} CameraCommandSwipe
 * @property {"up"|"down"|"left"|"right"} direction
 * @property {string} [viewer]
 */

/**
 * @typedef {Object} CameraCommandSwitch
 * @property {string} viewer
 * @property {string} camera
 * @property {boolean} [jump]
 */

/**
 * @typedef {Object} CameraNeighbours
 * @property {string} [up]
 * @property {string} [down]
 * @property {string} [left]
 * @property {string} [right]
 */

/**
 * @typedef {Object} CameraSwitched
 * @property {string} viewer
 * @property {string} by
 * @property {string} camera
 * @property {number} floor
 * @property {string} [from]
 * @property {string} [streamURL]
 * @property {boolean} [jump]
 * @property {"up"|"down"|"left"|"right"} [direction]
 */

/**
 * @typedef {Object} CameraTopologyImported
 * @property {Array<Camera>} cameras
 */

/**
 * @typedef {Object} CameraView
 * @property {string} viewer
 * @property {string} camera
 * @property {string} by
 * @property {number} at
 */

/**
 * @typedef {Object} CameraViewState
 * @property {string} viewer
 * @property {CameraView} [view]
 */

/**
 * @typedef {Object} CameraWallState
 * @property {Array<Camera>} cameras
 * @property {Array<CameraView>} views
 */

/**
 * @typedef {Object} ChatAttachment
 * @property {string} thumbnail
 * @property {ChatAttachmentSource} source
 * @property {ChatAttachmentScribble} [scribble]
 */

/**
 * @typedef {Object} ChatAttachmentScribble
 * @property {Array<Array<number>>} foreground
 * @property {Array<Array<number>>} background
 */

/**
 * @typedef {Object} ChatAttachmentSource
 * @property {"alert"|"camera"|"detection"|"upload"} kind
 * @property {string} [id]
 * @property {string} [camera]
 * @property {number} [ts]
 */

/**
 * @typedef {Object} ChatDirectoryState
 * @property {Array<ChatRoom>} rooms
 */

/**
 * @typedef {Object} ChatInboxState
 * @property {Array<ChatInboxStateRoom>} rooms
 * @property {Array<ChatMessage>} urgent
 */

/**
 * @typedef {Object} ChatInboxStateRoom
 * @property {string} room
 * @property {string} name
 * @property {number} unread
 */

/**
 * @typedef {Object} ChatMessage
 * @property {string} id
 * @property {string} site
 * @property {string} room
 * @property {number} seq
 * @property {string} author
 * @property {number} postedAt
 * @property {string} [text]
 * @property {Array<ChatAttachment>} [attachments]
 * @property {Array<string>} [mentions]
 * @property {string} [replyTo]
 * @property {boolean} [edited]
 * @property {number} [editedAt]
 * @property {ChatMessageUrgent} [urgent]
 * @property {boolean} [deleted]
 * @property {number} [deletedAt]
 * @property {string} [deletedBy]
 */

/**
 * @typedef {Object} ChatMessageAcknowledged
 * @property {string} message
 * @property {string} by
 * @property {number} at
 * @property {Array<string>} pending
 */

/**
 * @typedef {Object} ChatMessageChanged
 * @property {string} message
 * @property {string} by
 * @property {number} at
 */

/**
 * @typedef {Object} ChatMessageEvent
 * @property {ChatMessage} message
 */

/**
 * @typedef {Object} ChatMessagePage
 * @property {Array<ChatMessage>} messages
 * @property {number} [next]
 */

/**
 * @typedef {Object} ChatMessageUrgent
 * @property {number} repeatEveryMs
 * @property {Array<ChatMessageUrgentRecipient>} recipients
 * @property {number} [cancelledAt]
 */

/**
 * @typedef {Object} ChatMessageUrgentRecipient
 * @property {string} name
 * @property {number} [acknowledgedAt]
 */

/**
 * @typedef {Object} ChatMessagesQuery
 * @property {number} [before]
 * @property {number} [limit]
 */

/**
 * @typedef {Object} ChatReadCommand
 * @property {string} room
 * @property {number} seq
 */

/**
 * @typedef {Object} ChatReadMarked
 * @property {string} room
 * @property {number} read
 * @property {number} unread
 */

/**
 * @typedef {Object} ChatRoom
 * @property {string} id
 * @property {string} site
 * @property {string} topic
 * @property {string} name
 * @property {number} createdAt
 * @property {string} [createdBy]
 * @property {string} [topicLine]
 * @property {string} [alert]
 * @property {string} [archivedBy]
 * @property {number} [archivedAt]
 * @property {number} [unread]
 */

/**
 * @typedef {Object} ChatRoomArchived
 * @property {string} room
 * @property {string} by
 * @property {number} at
 */

/**
 * @typedef {Object} ChatRoomCommandArchiveRoom
 * @property {string} room
 */

/**
 * @typedef {Object} ChatRoomCommandCreateRoom
 * @property {string} [name]
 * @property {string} [room]
 * @property {string} [topic]
 * @property {string} [alert]
 */

/**
 * @typedef {Object} ChatRoomCommandEdit
 * @property {string} message
 * @property {string} text
 */

/**
 * @typedef {Object} ChatRoomCommandOnMessage
 * @property {string} message
 */

/**
 * @typedef {Object} ChatRoomCommandSay
 * @property {string} [text]
 * @property {Array<ChatAttachment>} [attachments]
 * @property {string} [replyTo]
 * @property {boolean} [urgent]
 * @property {string|number} [repeatEvery]
 */

/**
 * @typedef {Object} ChatRoomCreated
 * @property {ChatRoom} room
 */

/**
 * @typedef {Object} ChatRoomState
 * @property {ChatRoom|null} room
 * @property {Array<ChatMessage>} messages
 * @property {boolean} [earlier]
 * @property {number} [read]
 * @property {number} [unread]
 */

/**
 * @typedef {Object} ChatSearchQuery
 * @property {string} q
 * @property {string} [room]
 * @property {number} [before]
 * @property {number} [limit]
 */

/**
 * @typedef {Object} ChatTyping
 * @property {number} [until]
 * @property {boolean} [stopped]
 */

/**
 * @typedef {Object} ChatTypingCommand
 * @property {boolean} [stopped]
 */

/**
 * @typedef {Object} ChatUrgentRepeated
 * @property {ChatMessage} message
 * @property {number} repeat
 */

/**
 * @typedef {Object} CheckInRecorded
 * @property {string} checkpoint
 * @property {string} name
 * @property {string} guard
 * @property {number} at
 * @property {number} nextDueAt
 */

/**
 * @typedef {Object} CheckinCommandAssignCheckpoint
 * @property {string} checkpoint
 * @property {string|null} guard
 */

/**
 * @typedef {Object} CheckinCommandCheckIn
 * @property {string} code
 */

/**
 * @typedef {Object} CheckinCommandCreateCheckpoint
 * @property {string} name
 * @property {string|number} every
 */

/**
 * @typedef {Object} CheckinsState
 * @property {Array<Checkpoint>} checkpoints
 */

/**
 * @typedef {Object} Checkpoint
 * @property {string} id
 * @property {string} name
 * @property {number} everyMs
 * @property {number} dueAt
 * @property {number} createdAt
 * @property {number} [lastCheckInAt]
 * @property {string} [lastGuard]
 * @property {string} [assignedGuard]
 */

/**
 * @typedef {Object} CheckpointAssigned
 * @property {string} checkpoint
 * @property {string} name
 * @property {string} [assignedGuard]
 */

/**
 * @typedef {Object} CheckpointCreated
 * @property {Checkpoint} checkpoint
 */

/**
 * @typedef {Object} CheckpointMissed
 * @property {Alert} alert
 * @property {CheckpointMissedDue} checkpoint
 */

/**
 * @typedef {Object} CheckpointMissedDue
 * @property {string} id
 * @property {string} name
 * @property {number} dueAt
 */

/**
 * @typedef {Object} CheckpointQRCode
 * @property {string} checkpoint
 * @property {string} code
 */

/**
 * @typedef {Object} DetectionBatchStored
 * @property {number} detections
 */

/**
 * @typedef {Object} DetectionHit
 * @property {number} id
 * @property {string} [camera]
 * @property {number} ts
 * @property {Rect} box
 * @property {string} label
 * @property {number} score
 * @property {number} [track]
 * @property {string} [thumbnail]
 * @property {string} [thumbnailURL]
 * @property {number} [intensity]
 * @property {number} [similarity]
 * @property {number} first
 * @property {number} last
 * @property {number} count
 */

/**
 * @typedef {Object} DetectionTimeline
 * @property {number} from
 * @property {number} to
 * @property {number} bucketMs
 * @property {Array<TimelineBucket>} buckets
 */

/**
 * @typedef {Object} DetectionsOverlay
 * @property {string} camera
 * @property {FrameSize} frame
 * @property {Array<WireDetection>} detections
 */

/**
 * @typedef {Object} DrawnRegion
 * @property {Rect} [rect]
 * @property {Array<Point>} [polygon]
 * @property {Array<Point>} [lasso]
 */

/**
 * @typedef {Object} FloodBoundaryAdded
 * @property {FloodWireBoundary} boundary
 */

/**
 * @typedef {Object} FloodEventChanged
 * @property {FloodWireEvent} event
 */

/**
 * @typedef {Object} FloodMarkerSubmitted
 * @property {FloodWireMarker} marker
 */

/**
 * @typedef {Object} FloodMarkersApproved
 * @property {Array<FloodWireMarker>} markers
 */

/**
 * @typedef {Object} FloodMarkersRejected
 * @property {Array<number>} markers
 */

/**
 * @typedef {Object} FloodMarkersRemoved
 * @property {Array<FloodWireRemovedMarker>} markers
 */

/**
 * @typedef {Object} FloodModeration
 * @property {Array<number>} [markers]
 * @property {number} [boundary]
 */

/**
 * @typedef {Object} FloodOutline
 * @property {FloodWireRegion} [region]
 * @property {Array<FloodWireBoundary>} boundaries
 * @property {Array<FloodWireEvent>} events
 */

/**
 * @typedef {Object} FloodRegionCommandAddBoundary
 * @property {string} name
 * @property {FloodWireCorner} northWest
 * @property {FloodWireCorner} southEast
 */

/**
 * @typedef {Object} FloodRegionCommandCloseEvent
 * @property {number} event
 */

/**
 * @typedef {Object} FloodRegionCommandCreateRegion
 * @property {string} name
 * @property {string} timeZone
 * @property {boolean} [anonymous]
 */

/**
 * @typedef {Object} FloodRegionCommandOpenEvent
 * @property {number} boundary
 * @property {string} name
 */

/**
 * @typedef {Object} FloodRegionCommandRenameEvent
 * @property {number} event
 * @property {string} name
 */

/**
 * @typedef {Object} FloodRegionCreated
 * @property {FloodWireRegion} region
 */

/**
 * @typedef {Object} FloodRegionCreation
 * @property {string} name
 * @property {string} timeZone
 * @property {boolean} [anonymous]
 * @property {string} id
 */

/**
 * @typedef {Object} FloodReport
 * @property {number} latitude
 * @property {number} longitude
 * @property {number} severity
 * @property {string} [description]
 * @property {number} [event]
 * @property {number} [observedAt]
 * @property {string} [picture]
 * @property {string} [email]
 * @property {string} [phone]
 * @property {string} [coverType]
 * @property {number} [coverHeight]
 */

/**
 * @typedef {Object} FloodWireBoundary
 * @property {number} id
 * @property {string} name
 * @property {FloodWireCorner} northWest
 * @property {FloodWireCorner} southEast
 */

/**
 * @typedef {Object} FloodWireCorner
 * @property {number} latitude
 * @property {number} longitude
 */

/**
 * @typedef {Object} FloodWireEvent
 * @property {number} id
 * @property {number} boundary
 * @property {string} name
 * @property {number} openedAt
 * @property {string} openedBy
 * @property {number} [closedAt]
 * @property {string} [closedBy]
 */

/**
 * @typedef {Object} FloodWireMarker
 * @property {number} id
 * @property {number} event
 * @property {number} latitude
 * @property {number} longitude
 * @property {number} severity
 * @property {string} description
 * @property {number} observedAt
 * @property {number} submittedAt
 * @property {string} [picture]
 * @property {string} [coverType]
 * @property {number} [coverHeight]
 * @property {string} [status]
 * @property {string} [reporter]
 * @property {string} [email]
 * @property {string} [phone]
 * @property {string} [moderatedBy]
 * @property {number} [moderatedAt]
 */

/**
 * @typedef {Object} FloodWireMarkerFeature
 * @property {string} type
 * @property {number} id
 * @property {FloodWirePointGeometry} geometry
 * @property {FloodWireMarkerProperties} properties
 */

/**
 * @typedef {Object} FloodWireMarkerFile
 * @property {string} type
 * @property {Array<FloodWireMarkerFeature>} features
 * @property {number} head
 * @property {string} name
 * @property {Array<number>} [removed]
 */

/**
 * @typedef {Object} FloodWireMarkerProperties
 * @property {number} id
 * @property {number} event
 * @property {number} severity
 * @property {string} description
 * @property {number} observedAt
 * @property {number} submittedAt
 * @property {string} [picture]
 * @property {string} [coverType]
 * @property {number} [coverHeight]
 */

/**
 * @typedef {Object} FloodWirePointGeometry
 * @property {string} type
 * @property {Array<number>} coordinates
 */

/**
 * @typedef {Object} FloodWireRegion
 * @property {string} id
 * @property {number} number
 * @property {string} name
 * @property {string} timeZone
 * @property {boolean} anonymous
 */

/**
 * @typedef {Object} FloodWireRemovedMarker
 * @property {number} id
 * @property {number} event
 * @property {number} latitude
 * @property {number} longitude
 */

/**
 * @typedef {Object} FrameSize
 * @property {number} width
 * @property {number} height
 */

/**
 * @typedef {Object} ListedZone
 * @property {string} camera
 * @property {Array<DrawnRegion>} [regions]
 * @property {"any"|"all"} [match]
 * @property {RegionRule} [rule]
 * @property {string|number} [dwell]
 * @property {WatchZoneDefinitionLine} [line]
 * @property {"left-to-right"|"right-to-left"|"both"} [direction]
 * @property {Array<string>} [labels]
 * @property {string} id
 * @property {string} definedBy
 * @property {number} definedAt
 * @property {number} head
 * @property {Array<ZoneHourCount>} [counts]
 * @property {number} [recent]
 */

/**
 * @typedef {Object} MapConfiguration
 * @property {string|null} tiles
 * @property {number} [minZoom]
 * @property {number} [maxZoom]
 * @property {Array<number>} [bounds]
 * @property {string} [attribution]
 */

/**
 * @typedef {Object} Notice
 * @property {string} text
 * @property {"info"|"warning"|"urgent"} level
 */

/**
 * @typedef {Object} PhoneRegistration
 * @property {string} endpoint
 * @property {PhoneRegistrationKeys} keys
 * @property {string} [replaces]
 */

/**
 * @typedef {Object} PhoneRegistrationKeys
 * @property {string} p256dh
 * @property {string} auth
 */

/**
 * @typedef {Object} PhoneRemoval
 * @property {string} endpoint
 */

/**
 * @typedef {Object} Point
 * @property {number} x
 * @property {number} y
 */

/**
 * @typedef {Object} PushSettings
 * @property {Array<"escalation"|"chat"|"camera"|"checkpoint">} muted
 * @property {PushSettingsQuietHours} [quietHours]
 * @property {boolean} escalationsBreakThrough
 */

/**
 * @typedef {Object} PushSettingsQuietHours
 * @property {string} from
 * @property {string} to
 * @property {number} utcOffsetMinutes
 */

/**
 * @typedef {Object} Rect
 * @property {number} x
 * @property {number} y
 * @property {number} width
 * @property {number} height
 */

/**
 * @typedef {Object} RegionRule
 * @property {number} [intensity]
 * @property {"bottom-center"|"center"} [anchor]
 */

/**
 * @typedef {Object} RegisteredPhones
 * @property {Array<RegisteredPhonesPhone>} phones
 */

/**
 * @typedef {Object} RegisteredPhonesPhone
 * @property {string} endpoint
 * @property {number} createdAt
 */

/**
 * @typedef {Object} RoiPage
 * @property {Array<DetectionHit>} results
 * @property {number} total
 * @property {string} [next]
 */

/**
 * @typedef {Object} RoiQueryData
 * @property {Array<string>} cameras
 * @property {number} from
 * @property {number} to
 * @property {Array<DrawnRegion>} [regions]
 * @property {"any"|"all"} [match]
 * @property {RegionRule} [rule]
 * @property {FrameSize} [view]
 * @property {Array<string>} [labels]
 * @property {number} [minScore]
 * @property {"track"|"none"} [group]
 * @property {"intensity"|"time"} [order]
 * @property {number} [limit]
 * @property {string} [cursor]
 */

/**
 * @typedef {Object} SimilarQueryData
 * @property {number} [detection]
 * @property {string} [thumbnail]
 * @property {Array<number>} [vector]
 * @property {number} from
 * @property {number} to
 * @property {Array<string>} [cameras]
 * @property {string} [near]
 * @property {number} [k]
 * @property {"track"|"none"} [group]
 */

/**
 * @typedef {Object} SimilarResults
 * @property {Array<DetectionHit>} results
 */

/**
 * @typedef {Object} SiteCreated
 * @property {SiteSummary} site
 */

/**
 * @typedef {Object} SiteCreation
 * @property {string} id
 * @property {string} [name]
 * @property {string|number} [escalateAfter]
 * @property {string|number} [quietAfter]
 */

/**
 * @typedef {Object} SiteList
 * @property {Array<SiteSummary>} sites
 */

/**
 * @typedef {Object} SiteSummary
 * @property {string} id
 * @property {string} name
 * @property {number} createdAt
 * @property {number} escalateAfterMs
 * @property {number} quietAfterMs
 */

/**
 * @typedef {Object} TimelineBucket
 * @property {number} start
 * @property {number} end
 * @property {number} tracks
 * @property {number} detections
 * @property {number} jump
 */

/**
 * @typedef {Object} TimelineQueryData
 * @property {Array<string>} cameras
 * @property {number} from
 * @property {number} to
 * @property {Array<DrawnRegion>} [regions]
 * @property {"any"|"all"} [match]
 * @property {RegionRule} [rule]
 * @property {FrameSize} [view]
 * @property {Array<string>} [labels]
 * @property {number} [minScore]
 * @property {string|number} bucket
 */

/**
 * @typedef {Object} TokenCreation
 * @property {"admin"|"operator"|"guard"|"device"|"reporter"} role
 * @property {string} [name]
 * @property {Array<string>} [sites]
 * @property {boolean} [allSites]
 * @property {string|number} [expiresIn]
 */

/**
 * @typedef {Object} TokenIssued
 * @property {TokenSummary} token
 * @property {string} secret
 */

/**
 * @typedef {Object} TokenList
 * @property {Array<TokenSummary>} tokens
 */

/**
 * @typedef {Object} TokenRevoked
 * @property {TokenSummary} token
 */

/**
 * @typedef {Object} TokenSummary
 * @property {string} id
 * @property {string} name
 * @property {string} role
 * @property {boolean} allSites
 * @property {Array<string>} sites
 * @property {number} createdAt
 * @property {number} [expiresAt]
 * @property {number} [revokedAt]
 * @property {"active"|"revoked"|"expired"} state
 */

/**
 * @typedef {Object} UploadedThumbnail
 * @property {string} hash
 * @property {string} type
 * @property {number} width
 * @property {number} height
 * @property {number} bytes
 * @property {string} url
 */

/**
 * @typedef {Object} VisitEnded
 * @property {string} location
 * @property {AlertVisit} visit
 */

/**
 * @typedef {Object} VisitMotion
 * @property {string} location
 * @property {number} visit
 * @property {number} at
 * @property {Array<string>} thumbnails
 */

/**
 * @typedef {Object} WatchZone
 * @property {string} camera
 * @property {Array<DrawnRegion>} [regions]
 * @property {"any"|"all"} [match]
 * @property {RegionRule} [rule]
 * @property {string|number} [dwell]
 * @property {WatchZoneDefinitionLine} [line]
 * @property {"left-to-right"|"right-to-left"|"both"} [direction]
 * @property {Array<string>} [labels]
 * @property {string} id
 * @property {string} definedBy
 * @property {number} definedAt
 */

/**
 * @typedef {Object} WatchZoneDefinitionLine
 * @property {Point} from
 * @property {Point} to
 */

/**
 * @typedef {Object} WireDetection
 * @property {number} id
 * @property {string} [camera]
 * @property {number} ts
 * @property {Rect} box
 * @property {string} label
 * @property {number} score
 * @property {number} [track]
 * @property {string} [thumbnail]
 */

/**
 * @typedef {Object} ZoneCrossing
 * @property {number} id
 * @property {string} [camera]
 * @property {number} ts
 * @property {Rect} box
 * @property {string} label
 * @property {number} score
 * @property {number} [track]
 * @property {string} [thumbnail]
 * @property {"left-to-right"|"right-to-left"} direction
 */

/**
 * @typedef {Object} ZoneCrossings
 * @property {string} zone
 * @property {Array<ZoneCrossing>} crossings
 * @property {Array<ZoneHourCount>} counts
 */

/**
 * @typedef {Object} ZoneDefined
 * @property {WatchZone} zone
 */

/**
 * @typedef {Object} ZoneDetection
 * @property {number} id
 * @property {string} [camera]
 * @property {number} ts
 * @property {Rect} box
 * @property {string} label
 * @property {number} score
 * @property {number} [track]
 * @property {string} [thumbnail]
 * @property {number} intensity
 */

/**
 * @typedef {Object} ZoneDetections
 * @property {string} zone
 * @property {Array<ZoneDetection>} detections
 */

/**
 * @typedef {Object} ZoneHourCount
 * @property {number} hour
 * @property {"left-to-right"|"right-to-left"} direction
 * @property {number} count
 */

/**
 * @typedef {Object} ZoneList
 * @property {Array<ListedZone>} zones
 * @property {number} since
 */

/**
 * @typedef {Object} ZoneListQuery
 * @property {string} [camera]
 */

/**
 * @typedef {Object} ZoneLoitering
 * @property {Alert} alert
 * @property {string} zone
 * @property {number} track
 * @property {number} first
 * @property {number} last
 * @property {ZoneDetection} detection
 */

/**
 * @typedef {Object} ZoneRemoved
 * @property {string} zone
 */

/**
 * @typedef {Object} ZoneState
 * @property {WatchZone} [zone]
 * @property {Array<ZoneHourCount>} counts
 */

export {};
